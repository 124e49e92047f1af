import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import {
  addDays,
  funnelRows,
  TOUCH_KEYS,
  type Arrivals,
  type FunnelPerson,
  type FunnelQuery,
  type FunnelRow,
} from "~/domain/funnel";
import type { Touch } from "~/domain/page-view";
import { arrivalsOn, lastRolledDay } from "./rollup.server";

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
 * The people whose first browser first came in the period, with how far each went since. A
 * person's browsers are those linked to them; the earliest first sight decides period and touch.
 */
async function peopleIn(db: DB, from: string, to: string): Promise<FunnelPerson[]> {
  const linked = await db
    .selectFrom("visitors")
    .select(["person_id", "first_seen_at", "first_day", ...TOUCH_KEYS])
    .where("person_id", "is not", null)
    .where("first_day", "<=", to)
    .execute();
  const first = new Map<string, (typeof linked)[number]>();
  for (const row of linked) {
    const known = first.get(row.person_id!);
    if (!known || row.first_seen_at < known.first_seen_at) first.set(row.person_id!, row);
  }
  const people = new Map<string, FunnelPerson>();
  for (const [personId, row] of first) {
    if (row.first_day < from) continue;
    people.set(personId, {
      personId,
      touch: pickTouch(row),
      tookResource: false,
      applied: false,
      qualified: false,
      startedCheckout: false,
      paid: false,
      revenueCents: 0,
    });
  }
  if (people.size === 0) return [];
  const inPeriod = db
    .selectFrom("visitors")
    .select("person_id")
    .where("person_id", "is not", null)
    .where("first_day", ">=", from)
    .where("first_day", "<=", to);
  const submissions = await db
    .selectFrom("submissions")
    .select(["person_id", "type", "status"])
    .where("person_id", "in", inPeriod)
    .execute();
  for (const s of submissions) {
    const person = people.get(s.person_id);
    if (!person) continue;
    if (s.type === "lead_magnet") person.tookResource = true;
    else {
      person.applied = true;
      if (s.status === "qualified") person.qualified = true;
    }
  }
  const checkouts = await db
    .selectFrom("seat_holds")
    .select("person_id")
    .where("session_id", "is not", null)
    .where("person_id", "in", inPeriod)
    .execute();
  for (const hold of checkouts) {
    const person = hold.person_id ? people.get(hold.person_id) : undefined;
    if (person) person.startedCheckout = true;
  }
  const payments = await db
    .selectFrom("payments")
    .select(["person_id", "amount_cents"])
    .where("status", "=", "paid")
    .where("person_id", "in", inPeriod)
    .execute();
  for (const payment of payments) {
    const person = payment.person_id ? people.get(payment.person_id) : undefined;
    if (!person) continue;
    person.paid = true;
    person.revenueCents += Number(payment.amount_cents);
  }
  return [...people.values()];
}

/** The funnel for visitors first seen from `from` to `to` (UTC days, both included). */
export async function funnelReport(db: DB, query: FunnelQuery): Promise<FunnelRow[]> {
  const [arrivals, people] = await Promise.all([
    arrivalsIn(db, query.from, query.to),
    peopleIn(db, query.from, query.to),
  ]);
  return funnelRows(arrivals, people, query.group);
}

export interface DayCounts {
  day: string;
  visitors: number;
  leads: number;
  applications: number;
  enrolments: number;
}

const dayOf = sql<string>`substr(created_at, 1, 10)`;

/** Each day's visitors, new leads, applications and enrolments, from `from` to `to`. */
export async function dailyCounts(db: DB, from: string, to: string): Promise<DayCounts[]> {
  const days = new Map<string, DayCounts>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.set(day, { day, visitors: 0, leads: 0, applications: 0, enrolments: 0 });
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
    .select((eb) => [
      "day",
      eb.fn.count<number>("visitor_id").distinct().as("identified"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb("visitor_id", "is", null), eb("entry", "=", 1)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as("anonymous"),
    ])
    .where("day", ">", lastRolled)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy("day")
    .execute();
  for (const row of rolled) days.get(row.day)!.visitors = Number(row.visitors);
  for (const row of live) {
    days.get(row.day)!.visitors = Number(row.identified) + Number(row.anonymous ?? 0);
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
    .where("status", "=", "paid")
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .groupBy(dayOf)
    .execute();
  for (const row of payments) {
    const entry = days.get(row.day);
    if (entry) entry.enrolments = Number(row.n);
  }
  return [...days.values()];
}
