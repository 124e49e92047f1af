/**
 * What a mentor reads of their students' job search (issue 47, item 5), pure: for each student
 * the counts by current stage, the applications sent this week, the last activity, and the flags
 * of what has gone quiet, each naming what it concerns. The board (/portal/mentor/board) sorts
 * these; the mentor's student page shows one student's.
 *
 * "Sent" is the owner's report's rule (`sentAt` in ./first-dates.ts): the first move to Applied,
 * or to Interview or Offer when Applied was skipped. "This week" is the Monday-to-Sunday week of
 * today in the site's calendar, as the programme's weeks are.
 *
 * Flags come from plain facts, each naming what it concerns:
 * - quiet: an application still open (Wishlist, Applied, Interview, Offer) with no move for
 *   QUIET_DAYS days or more;
 * - deadline: its deadline is past (before today) while it is still Wishlist or Applied;
 * - next_step: it is at Interview with no next step written down;
 * - follow_up: a logged networking conversation's follow-up date is past (before today) and no
 *   later conversation with the same firm has been logged since.
 */
import { dateInZone } from "~/lib/time-zone";
import { weekWindow, type WeeklyTargets } from "./weekly-progress";
import { OPEN_STAGES, STAGES, type Stage } from "./stages";

export const QUIET_DAYS = 14;
const DAY_MS = 86_400_000;

/** One application as the pipeline reads it: its current stage and when it last moved. */
export interface PipelineApplication {
  id: string;
  personId: string;
  firm: string;
  role: string;
  stage: Stage;
  round: number | null;
  /** YYYY-MM-DD, or null. */
  deadline: string | null;
  nextStep: string | null;
  /** When its current stage was entered (its latest move), a UTC instant. */
  movedAt: string;
  /** When it was sent (`sentAt`), a UTC instant; null while not sent. */
  sent: string | null;
}

/** One networking conversation as the pipeline reads it (issue 47, item 4's log). */
export interface PipelineConversation {
  id: string;
  personId: string;
  personName: string;
  firm: string;
  /** YYYY-MM-DD: when it happened, and the follow-up the student meant (or null). */
  date: string;
  followUp: string | null;
  /** When it was logged, a UTC instant: activity. */
  loggedAt: string;
}

export const FLAG_KINDS = ["quiet", "deadline", "next_step", "follow_up"] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** What a flag is about: an application, or a networking conversation. */
export type FlagSubject =
  | { type: "application"; id: string; firm: string; role: string }
  | { type: "conversation"; id: string; firm: string; person: string };

export interface Flag {
  kind: FlagKind;
  about: FlagSubject;
  /** Since when: the last move (quiet), the deadline (deadline), the move to Interview, the follow-up date. */
  since: string;
}

/** Now and today (the site's calendar date) for every rule that reads the clock. */
export interface PipelineClock {
  now: Date;
  siteZone: string;
}

const isOpen = (stage: Stage) => (OPEN_STAGES as readonly Stage[]).includes(stage);

/** The site's calendar date at `now`. */
export const todayOf = (clock: PipelineClock) => dateInZone(clock.now, clock.siteZone);

/** The flags of one application, in FLAG_KINDS order; `today` is the site's calendar date. */
export function applicationFlags(
  application: PipelineApplication,
  clock: { now: Date; today: string },
): Flag[] {
  const about: FlagSubject = {
    type: "application",
    id: application.id,
    firm: application.firm,
    role: application.role,
  };
  const flags: Flag[] = [];
  const still = clock.now.getTime() - Date.parse(application.movedAt);
  if (isOpen(application.stage) && still >= QUIET_DAYS * DAY_MS)
    flags.push({ kind: "quiet", about, since: application.movedAt });
  const early = application.stage === "wishlist" || application.stage === "applied";
  if (early && application.deadline !== null && application.deadline < clock.today)
    flags.push({ kind: "deadline", about, since: application.deadline });
  if (application.stage === "interview" && !application.nextStep?.trim())
    flags.push({ kind: "next_step", about, since: application.movedAt });
  return flags;
}

/**
 * The follow-ups a student let pass: a conversation whose follow-up date is before `today` with no
 * later conversation (a later date) at the same firm, however it is capitalized or spaced.
 */
export function followUpFlags(
  conversations: readonly PipelineConversation[],
  today: string,
): Flag[] {
  const firmOf = (c: PipelineConversation) => c.firm.trim().toLowerCase();
  return conversations
    .filter(
      (c) =>
        c.followUp !== null &&
        c.followUp < today &&
        !conversations.some((later) => firmOf(later) === firmOf(c) && later.date > c.date),
    )
    .map((c) => ({
      kind: "follow_up" as const,
      about: { type: "conversation" as const, id: c.id, firm: c.firm, person: c.personName },
      since: c.followUp!,
    }));
}

/** The UTC instants this week (Monday 00:00 to the next Monday, site's calendar) runs between. */
export function thisWeek(clock: PipelineClock): { from: number; to: number } {
  const week = weekWindow(clock.now, clock.siteZone);
  return { from: Date.parse(week.from), to: Date.parse(week.to) };
}

export interface PipelineStudent {
  personId: string;
  name: string;
}

export interface StudentSummary {
  personId: string;
  name: string;
  byStage: Record<Stage, number>;
  total: number;
  /** Applications sent this week (the owner's report's rule). */
  thisWeek: number;
  /** Networking conversations dated this week. */
  conversationsThisWeek: number;
  /** Their mentor's weekly targets; null while none is set. */
  targets: WeeklyTargets | null;
  /** The latest move of any of their applications (or other activity given); null when none. */
  lastActivity: string | null;
  flags: Flag[];
}

const later = (a: string | null, b: string) =>
  a === null || Date.parse(b) > Date.parse(a) ? b : a;

/**
 * Each student's summary, in the order given. Their networking conversations count as activity
 * when logged, this week by their date, and may flag a follow-up.
 */
export function studentSummaries(input: {
  students: readonly PipelineStudent[];
  applications: readonly PipelineApplication[];
  conversations?: readonly PipelineConversation[];
  targets?: ReadonlyMap<string, WeeklyTargets>;
  clock: PipelineClock;
}): StudentSummary[] {
  const { clock } = input;
  const window = weekWindow(clock.now, clock.siteZone);
  const week = thisWeek(clock);
  const at = { now: clock.now, today: todayOf(clock) };
  const rows = new Map<string, StudentSummary>();
  for (const { personId, name } of input.students) {
    const byStage = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
    rows.set(personId, {
      personId,
      name,
      byStage,
      total: 0,
      thisWeek: 0,
      conversationsThisWeek: 0,
      targets: input.targets?.get(personId) ?? null,
      lastActivity: null,
      flags: [],
    });
  }
  for (const application of input.applications) {
    const row = rows.get(application.personId);
    if (!row) continue;
    row.byStage[application.stage] += 1;
    row.total += 1;
    row.lastActivity = later(row.lastActivity, application.movedAt);
    const sent = application.sent ? Date.parse(application.sent) : NaN;
    if (sent >= week.from && sent < week.to) row.thisWeek += 1;
    row.flags.push(...applicationFlags(application, at));
  }
  const conversations = input.conversations ?? [];
  for (const c of conversations) {
    const row = rows.get(c.personId);
    if (!row) continue;
    row.lastActivity = later(row.lastActivity, c.loggedAt);
    if (c.date >= window.startsOn && c.date <= window.endsOn) row.conversationsThisWeek += 1;
  }
  for (const row of rows.values())
    row.flags.push(
      ...followUpFlags(
        conversations.filter((c) => c.personId === row.personId),
        at.today,
      ),
    );
  return [...rows.values()];
}

/** How the board may be sorted (?sort=); the first is the default. */
export const SORT_KEYS = ["flags", "activity", "week", "name"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export function sortKeyOf(value: string | null): SortKey {
  return (SORT_KEYS as readonly string[]).includes(value ?? "") ? (value as SortKey) : "flags";
}

/**
 * The board in `key` order, each putting first whom a mentor should look at: the most flags; the
 * longest quiet (no activity at all first); the fewest sent this week; or by name. Ties by name.
 */
export function sortSummaries(rows: readonly StudentSummary[], key: SortKey): StudentSummary[] {
  const byName = (a: StudentSummary, b: StudentSummary) =>
    a.name.localeCompare(b.name) || a.personId.localeCompare(b.personId);
  const activity = (row: StudentSummary) =>
    row.lastActivity === null ? -Infinity : Date.parse(row.lastActivity);
  const order: Record<SortKey, (a: StudentSummary, b: StudentSummary) => number> = {
    flags: (a, b) => b.flags.length - a.flags.length,
    activity: (a, b) => activity(a) - activity(b),
    week: (a, b) => a.thisWeek - b.thisWeek,
    name: () => 0,
  };
  return [...rows].sort((a, b) => order[key](a, b) || byName(a, b));
}

/**
 * One student's pipeline: the open stages always (empty or not), then each closed stage that has
 * applications; in each, the applications last moved first.
 */
export function pipelineByStage<T extends { stage: Stage; movedAt: string }>(
  applications: readonly T[],
): { stage: Stage; applications: T[] }[] {
  return STAGES.map((stage) => ({
    stage,
    applications: applications
      .filter((a) => a.stage === stage)
      .sort((a, b) => Date.parse(b.movedAt) - Date.parse(a.movedAt)),
  })).filter((group) => isOpen(group.stage) || group.applications.length > 0);
}
