import { addDays } from "~/lib/calendar-date";
import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { keptByPayment, REVENUE_STATUSES } from "~/features/enrollment/figures.server";
import { PAID_SEAT, paidSeat } from "~/features/enrollment/seat-queries.server";
import {
  funnelRows,
  TOUCH_KEYS,
  type Advanced,
  type Arrivals,
  type Leads,
  type FunnelQuery,
  type FunnelRow,
} from "./funnel";
import { studentOutcome } from "~/features/outcomes/outcomes";
import type { Touch } from "./page-view";
import { outcomeFacts, outcomeSettings } from "~/features/outcomes/facts.server";
import { arrivalsOn, dayVisitors, lastRolledDay } from "./rollup.server";

function pickTouch(row: Touch): Touch {
  return {
    source: row.source,
    medium: row.medium,
    campaign: row.campaign,
    content: row.content,
    term: row.term,
    vid: row.vid,
  };
}

/**
 * Browsers first seen in the period, by touch: the roll-ups for closed days already rolled up,
 * the raw tables for the days after them.
 */
async function arrivalsIn(db: DB, from: string, to: string): Promise<Arrivals[]> {
  const lastRolled = (await lastRolledDay(db)) ?? "";
  const rolled =
    from <= lastRolled
      ? await db
          .selectFrom("analytics_arrivals")
          .select([...TOUCH_KEYS, (eb) => eb.fn.sum<number>("visitors").as("visitors")])
          .where("day", ">=", from)
          .where("day", "<=", to < lastRolled ? to : lastRolled)
          .groupBy([...TOUCH_KEYS])
          .execute()
      : [];
  const liveFrom = lastRolled && lastRolled >= from ? addDays(lastRolled, 1) : from;
  const live = liveFrom <= to ? await arrivalsOn(db, liveFrom, to) : [];
  return [...rolled, ...live].map((row) => ({
    touch: pickTouch(row),
    visitors: Number(row.visitors),
  }));
}

/**
 * The period's people: those whose first browser first came in the period (their arrival). All
 * of them sent a form, so they are counted per touch in the database, grouped by day as well so
 * SQLite reads the covering index in order instead of sorting the period's arrivals (funnelRows
 * adds the days up). Those who went further are found from the smaller tables (applications,
 * checkouts, payments), each row's arrival looked up by its key, so the work grows with the
 * applicants, not with the period's leads.
 */
async function peopleIn(
  db: DB,
  from: string,
  to: string,
): Promise<{ leads: Leads[]; advanced: Advanced[] }> {
  const touchColumns = TOUCH_KEYS.map((key) => `a.${key}` as const);
  const leads = await db
    .selectFrom("person_arrivals as a")
    .where("a.first_day", ">=", from)
    .where("a.first_day", "<=", to)
    .select([...touchColumns, (eb) => eb.fn.countAll<number>().as("people")])
    .groupBy(["a.first_day", ...touchColumns])
    .execute();
  const advanced = new Map<string, Advanced>();
  const personOf = (row: Touch & { person_id: string }) => {
    const known = advanced.get(row.person_id);
    if (known) return known;
    const person: Advanced = {
      personId: row.person_id,
      touch: pickTouch(row),
      applied: false,
      qualified: false,
      startedCheckout: false,
      paid: false,
      graduated: false,
      offer: false,
      revenueCents: 0,
    };
    advanced.set(row.person_id, person);
    return person;
  };
  // CROSS JOIN keeps the small table first on SQLite (without statistics its planner would walk
  // the period's arrivals and probe the small table for each); PostgreSQL plans it as the inner
  // join it is. No read needs another's result: the three are asked at once (PostgreSQL runs them
  // in parallel on the pool; SQLite answers them in turn).
  const [applications, checkouts, payments] = await Promise.all([
    db
      .selectFrom("submissions as s")
      .crossJoin("person_arrivals as a")
      .whereRef("a.person_id", "=", "s.person_id")
      .where("a.first_day", ">=", from)
      .where("a.first_day", "<=", to)
      .select(["a.person_id", "s.status", ...touchColumns])
      .where("s.type", "=", "application")
      .execute(),
    db
      .selectFrom("seat_holds as h")
      .crossJoin("person_arrivals as a")
      .whereRef("a.person_id", "=", "h.person_id")
      .where("a.first_day", ">=", from)
      .where("a.first_day", "<=", to)
      .select(["a.person_id", ...touchColumns])
      .where("h.session_id", "is not", null)
      .execute(),
    db
      .selectFrom("payments as p")
      .crossJoin("person_arrivals as a")
      .whereRef("a.person_id", "=", "p.person_id")
      .where("a.first_day", ">=", from)
      .where("a.first_day", "<=", to)
      .select(["a.person_id", "p.id", "p.status", ...touchColumns])
      .where("p.status", "in", REVENUE_STATUSES)
      .execute(),
  ]);
  const kept = await keptByPayment(
    db,
    payments.map((row) => row.id),
  );
  for (const row of applications) {
    const person = personOf(row);
    person.applied = true;
    if (row.status === "qualified") person.qualified = true;
  }
  for (const row of checkouts) personOf(row).startedCheckout = true;
  for (const row of payments) {
    const person = personOf(row);
    // Paid: a seat still paid; revenue: what every payment kept, net of refunds.
    if (row.status === PAID_SEAT) person.paid = true;
    person.revenueCents += kept.get(row.id) ?? 0;
  }
  await markOutcomes(db, [...advanced.values()]);
  return {
    leads: leads.map((row) => ({ touch: pickTouch(row), people: Number(row.people) })),
    advanced: [...advanced.values()],
  };
}

/**
 * The steps after `paid`, for the people who paid, by the outcomes report's own rules
 * (`studentOutcome` in app/features/outcomes/outcomes.ts, with the owner's minimums): graduated from a seat,
 * and `offered`, a graduate's confirmed offer reported on or after the programme's first day.
 * Offers are dated in UTC here: a day's difference at most, on that first day only.
 */
async function markOutcomes(db: DB, people: Advanced[]): Promise<void> {
  const payers = new Map(people.filter((p) => p.paid).map((p) => [p.personId, p]));
  if (payers.size === 0) return;
  const [settings, facts] = await Promise.all([
    outcomeSettings(db),
    outcomeFacts(db, "UTC", { personIds: [...payers.keys()] }),
  ]);
  for (const seat of facts) {
    const outcome = studentOutcome(seat, settings);
    const person = payers.get(seat.personId);
    if (!person || !outcome.graduated) continue;
    person.graduated = true;
    if (outcome.offered) person.offer = true;
  }
}

/** The funnel for visitors first seen from `from` to `to` (UTC days, both included). */
export async function funnelReport(db: DB, query: FunnelQuery): Promise<FunnelRow[]> {
  const [arrivals, people] = await Promise.all([
    arrivalsIn(db, query.from, query.to),
    peopleIn(db, query.from, query.to),
  ]);
  return funnelRows(arrivals, people.leads, people.advanced, query.group);
}

export interface DayCounts {
  day: string;
  visitors: number;
  leads: number;
  applications: number;
  enrollments: number;
}

const dayOf = sql<string>`substr(created_at, 1, 10)`;

/** Each day's visitors, new leads, applications and enrollments, from `from` to `to`. */
export async function dailyCounts(db: DB, from: string, to: string): Promise<DayCounts[]> {
  const days = new Map<string, DayCounts>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.set(day, { day, visitors: 0, leads: 0, applications: 0, enrollments: 0 });
  }
  const lastRolled = (await lastRolledDay(db)) ?? "";
  const rolled = await db
    .selectFrom("analytics_days")
    .select(["day", "visitors"])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  const live = await db
    .selectFrom("page_views")
    .select((eb) => ["day", ...dayVisitors(eb)])
    .where("day", ">", lastRolled)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("day")
    .execute();
  for (const row of rolled) days.get(row.day)!.visitors = Number(row.visitors);
  for (const row of live) {
    days.get(row.day)!.visitors = Number(row.identified) + Number(row.anonymousEntries ?? 0);
  }
  const start = `${from}T00:00:00.000Z`;
  const end = `${addDays(to, 1)}T00:00:00.000Z`;
  const submissions = await db
    .selectFrom("submissions")
    .select([dayOf.as("day"), "type", (eb) => eb.fn.count<number>("person_id").distinct().as("n")])
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy([dayOf, "type"])
    .execute();
  for (const row of submissions) {
    const entry = days.get(row.day);
    if (!entry) continue;
    if (row.type === "lead_magnet") entry.leads = Number(row.n);
    else entry.applications = Number(row.n);
  }
  const payments = await db
    .selectFrom("payments")
    .select([dayOf.as("day"), (eb) => eb.fn.countAll<number>().as("n")])
    .where(paidSeat)
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy(dayOf)
    .execute();
  for (const row of payments) {
    const entry = days.get(row.day);
    if (entry) entry.enrollments = Number(row.n);
  }
  return [...days.values()];
}
