import { NO_VALUE as NO_TAG } from "./attribution";
import { csvField } from "~/lib/csv";
import { capTouch, NO_TOUCH, type Touch } from "./page-view";
import { DIRECT } from "./utm";
import { addDays, isCalendarDate } from "~/lib/calendar-date";

export const TOUCH_KEYS = ["source", "medium", "campaign", "content", "term", "vid"] as const;

/** One string per distinct touch, for maps keyed by the whole link. */
export function touchKey(touch: Touch): string {
  return TOUCH_KEYS.map((key) => touch[key]).join("\u0000");
}

/** Tag sets a closed day keeps in the roll-ups; the rarer ones are added up as OTHER_TOUCH. */
export const TAG_SETS_PER_DAY = 200;
/** Where a day's rare tag sets go: one row of their visitors (the source names it). */
export const OTHER_TOUCH: Touch = { ...NO_TOUCH, source: "(other)" };

/**
 * A day's arrivals as the roll-up keeps them: tags cut to their stored size (rows written before
 * the cap included), tag sets that became equal merged, and past `cap` tag sets the ones with
 * the fewest visitors folded into OTHER_TOUCH, so a day is at most `cap + 1` rows and every
 * visitor is still counted.
 */
export function foldArrivals(
  rows: readonly (Touch & { visitors: number })[],
  cap: number = TAG_SETS_PER_DAY,
): (Touch & { visitors: number })[] {
  const merged = new Map<string, Touch & { visitors: number }>();
  for (const { visitors, ...touch } of rows) {
    const capped = capTouch(touch);
    const key = touchKey(capped);
    const entry = merged.get(key) ?? { ...capped, visitors: 0 };
    entry.visitors += visitors;
    merged.set(key, entry);
  }
  if (merged.size <= cap) return [...merged.values()];
  const otherKey = touchKey(OTHER_TOUCH);
  const ranked = [...merged].sort(
    ([ka, a], [kb, b]) => b.visitors - a.visitors || (ka < kb ? -1 : ka > kb ? 1 : 0),
  );
  const kept = ranked.filter(([key]) => key !== otherKey).slice(0, cap);
  const keptKeys = new Set(kept.map(([key]) => key));
  const other = { ...OTHER_TOUCH, visitors: 0 };
  for (const [key, row] of ranked) if (!keptKeys.has(key)) other.visitors += row.visitors;
  return [...kept.map(([, row]) => row), other];
}

export const FUNNEL_GROUPS = ["source", "campaign", "content", "term", "link"] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];

function isFunnelGroup(value: string): value is FunnelGroup {
  return (FUNNEL_GROUPS as readonly string[]).includes(value);
}

/**
 * The group a touch falls in. A touch with no source is direct whatever else it carries; a
 * link is the whole tuple the link generator writes (source, medium, campaign, content, term,
 * the last of which carries the video id or the rep code).
 */
export function groupOf(touch: Touch, group: FunnelGroup): string {
  if (!touch.source) return group === "source" || group === "link" ? DIRECT : NO_TAG;
  if (group === "link") {
    return [touch.source, touch.medium, touch.campaign, touch.content, touch.term]
      .map((value) => value || NO_TAG)
      .join(" / ");
  }
  return touch[group] || NO_TAG;
}

/** Browsers that first came by one touch in the period. */
export interface Arrivals {
  touch: Touch;
  visitors: number;
}

/** How many people first came by one touch in the period (every one of them sent a form). */
export interface Leads {
  touch: Touch;
  people: number;
}

/** A person of the period who went further than a form: the steps they reached. */
export interface Advanced {
  personId: string;
  touch: Touch;
  applied: boolean;
  qualified: boolean;
  startedCheckout: boolean;
  paid: boolean;
  /** Graduated from a cohort they paid for (app/features/outcomes/outcomes.ts). */
  graduated: boolean;
  /** A graduate with a confirmed offer. */
  offer: boolean;
  revenueCents: number;
}

export const FUNNEL_STEPS = [
  "visitors",
  "leads",
  "applications",
  "qualified",
  "checkouts",
  "paid",
  "graduated",
  "offer",
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export type FunnelRow = { group: string; revenueCents: number } & Record<FunnelStep, number>;

function emptyRow(group: string): FunnelRow {
  return {
    group,
    visitors: 0,
    leads: 0,
    applications: 0,
    qualified: 0,
    checkouts: 0,
    paid: 0,
    graduated: 0,
    offer: 0,
    revenueCents: 0,
  };
}

/**
 * The funnel by group. Each person counts once, in the group of the browser that first brought
 * them, at every step they reached; a later step implies the earlier ones (someone who applied
 * without a resource is a lead too, a payment implies a checkout and a qualified application),
 * so no step is larger than the one before. After `paid`: graduated (as the outcomes report
 * counts it) and offer (a graduate with a confirmed offer; an offer to someone who did not
 * graduate counts in neither, as CIRR counts placements among graduates only). `advanced` must be people of `leads`. Rows are
 * ordered by visitors, then revenue.
 */
export function funnelRows(
  arrivals: readonly Arrivals[],
  leads: readonly Leads[],
  advanced: readonly Advanced[],
  group: FunnelGroup,
): FunnelRow[] {
  const rows = new Map<string, FunnelRow>();
  const rowOf = (touch: Touch) => {
    const key = groupOf(touch, group);
    const row = rows.get(key) ?? emptyRow(key);
    rows.set(key, row);
    return row;
  };
  for (const arrival of arrivals) rowOf(arrival.touch).visitors += arrival.visitors;
  for (const lead of leads) rowOf(lead.touch).leads += lead.people;
  for (const person of advanced) {
    const row = rowOf(person.touch);
    const offer = person.offer;
    const graduated = offer || person.graduated;
    const paid = graduated || person.paid;
    const checkout = paid || person.startedCheckout;
    const qualified = checkout || person.qualified;
    const applied = qualified || person.applied;
    row.applications += applied ? 1 : 0;
    row.qualified += qualified ? 1 : 0;
    row.checkouts += checkout ? 1 : 0;
    row.paid += paid ? 1 : 0;
    row.graduated += graduated ? 1 : 0;
    row.offer += offer ? 1 : 0;
    row.revenueCents += person.revenueCents;
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.visitors - a.visitors || b.revenueCents - a.revenueCents || a.group.localeCompare(b.group),
  );
}

/** The whole period in one row (each person is in exactly one group, so sums are exact). */
export function funnelTotal(rows: readonly FunnelRow[], label: string): FunnelRow {
  const total = emptyRow(label);
  for (const row of rows) {
    for (const step of FUNNEL_STEPS) total[step] += row[step];
    total.revenueCents += row.revenueCents;
  }
  return total;
}

/** A step as a share of the step before it, as a whole percent; null when there was none. */
export function conversion(count: number, previous: number): number | null {
  return previous > 0 ? Math.round((count / previous) * 100) : null;
}

export const FUNNEL_CSV_HEADER =
  "group,visitors,leads,applications,qualified,checkouts,paid,graduated,offer,revenue";

export function funnelCsv(rows: readonly FunnelRow[]): string {
  const lines = rows.map((row) =>
    [
      csvField(row.group),
      ...FUNNEL_STEPS.map((step) => String(row[step])),
      (row.revenueCents / 100).toFixed(2),
    ].join(","),
  );
  return [FUNNEL_CSV_HEADER, ...lines].join("\r\n") + "\r\n";
}

/** Views of a day may still be on their way from another instance's buffer just after midnight. */
export const ROLL_UP_GRACE_MS = 10 * 60_000;

/** The last day whose views are all written (UTC days, as views are stamped). */
export function closedThrough(now: Date): string {
  return addDays(new Date(now.getTime() - ROLL_UP_GRACE_MS).toISOString().slice(0, 10), -1);
}

export interface FunnelQuery {
  from: string;
  to: string;
  group: FunnelGroup;
}

/** A refused query keeps what was asked (defaults filled in), so the form shows it back. */
export type FunnelQueryResult =
  | { ok: true; query: FunnelQuery }
  | { ok: false; error: string; values: { from: string; to: string; group: string } };

/** Reports cover at most this many days at once. */
export const MAX_PERIOD_DAYS = 3 * 366;

/**
 * The period and grouping of a funnel request. Missing values take the defaults (the last 30
 * days, by source); values that are there must be valid, so a mistyped CSV link says so rather
 * than quietly answering for another period.
 */
export function readFunnelQuery(
  params: URLSearchParams,
  today: string,
  messages: { date: string; order: string; group: string; span: string },
): FunnelQueryResult {
  const from = params.get("from") || addDays(today, -29);
  const to = params.get("to") || today;
  const group = params.get("group") || "source";
  const refuse = (error: string) => ({ ok: false as const, error, values: { from, to, group } });
  if (!isCalendarDate(from) || !isCalendarDate(to)) return refuse(messages.date);
  if (from > to) return refuse(messages.order);
  if (addDays(from, MAX_PERIOD_DAYS) < to) return refuse(messages.span);
  if (!isFunnelGroup(group)) return refuse(messages.group);
  return { ok: true, query: { from, to, group } };
}
