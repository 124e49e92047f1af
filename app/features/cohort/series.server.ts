import { randomUUID } from "node:crypto";
import { recordAudit } from "~/features/accounts/audit.server";
import { cohortEmails } from "./cohorts.words";
import type { DB } from "~/db/database.server";
import { startDateDisplay } from "./cohort";
import type { SeatFigures, SeatRule } from "~/features/enrollment/seats";
import { dateInZone } from "~/lib/time-zone";
import { cohortFigures } from "~/features/enrollment/figures.server";
import { lockCohort } from "~/features/enrollment/seats.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import { mayReceive } from "~/features/marketing/marketing";
import { enqueueMarketing, marketingSender } from "~/features/marketing/mail.server";
import type { Services } from "~/context";
import { getCohort, toCohort, type Cohort } from "./cohort.server";
import { joinQueue, withdrawPlace } from "./queue.server";
import { sendOnce } from "~/mail/sent-once.server";
import { planCohortSessions } from "~/features/sessions/session-plan.server";

export interface CohortSummary extends Cohort {
  paid: number;
  held: number;
  offered: number;
  /** Seats refunded after the start: still taken, nobody in them. */
  emptied: number;
  seatsLeft: number;
  revenueCents: number;
  seats: SeatFigures;
  /** What a refund does to a seat of this cohort today. */
  rule: SeatRule;
}

/**
 * Every cohort, newest first, with what its seats are doing right now and what it kept, from
 * the one count (`cohortFigures`). `timeZone` is the site's: it says whether a cohort has started.
 */
export async function listCohorts(db: DB, now: Date, timeZone: string): Promise<CohortSummary[]> {
  await getCohort(db, now);
  const cohorts = (
    await db.selectFrom("cohorts").selectAll().orderBy("created_at", "desc").execute()
  ).map(toCohort);
  return summarise(db, cohorts, now, timeZone);
}

/** One cohort with its figures, as `listCohorts` gives it; null for an unknown id. */
export async function cohortSummary(
  db: DB,
  id: string,
  now: Date,
  timeZone: string,
): Promise<CohortSummary | null> {
  const cohort = await findCohort(db, id);
  return cohort ? (await summarise(db, [cohort], now, timeZone))[0]! : null;
}

async function summarise(
  db: DB,
  cohorts: Cohort[],
  now: Date,
  timeZone: string,
): Promise<CohortSummary[]> {
  const figures = await cohortFigures(db, cohorts, now, dateInZone(now, timeZone));
  return cohorts.map((cohort) => {
    const { seats, rule, revenueCents } = figures.get(cohort.id)!;
    return {
      ...cohort,
      paid: seats.paid,
      held: seats.held,
      offered: seats.offered,
      emptied: seats.emptied,
      seatsLeft: seats.free,
      revenueCents,
      seats,
      rule,
    };
  });
}

export interface RosterRow {
  name: string;
  email: string;
  university: string;
  graduationYear: string;
  paidAt: string;
  amountCents: number;
  personId: string;
}

/** The paid students of a cohort, in the order they paid. */
export async function cohortRoster(db: DB, cohortId: string): Promise<RosterRow[]> {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .select([
      "people.id",
      "people.first_name",
      "people.last_name",
      "people.email",
      "people.university",
      "people.graduation_year",
      "payments.created_at",
      "payments.amount_cents",
    ])
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat)
    .orderBy("payments.created_at")
    .execute();
  return rows.map((row) => ({
    personId: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    university: row.university,
    graduationYear: row.graduation_year,
    paidAt: row.created_at,
    amountCents: Number(row.amount_cents),
  }));
}

export const ROSTER_CSV_HEADER = [
  "name",
  "email",
  "university",
  "graduation year",
  "paid at",
  "amount (USD)",
] as const;

export function rosterCsvRow(row: RosterRow): string[] {
  return [
    row.name,
    row.email,
    row.university,
    row.graduationYear,
    row.paidAt,
    (row.amountCents / 100).toFixed(2),
  ];
}

export async function findCohort(db: DB, id: string): Promise<Cohort | null> {
  const row = await db.selectFrom("cohorts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCohort(row) : null;
}

/** A new cohort, open for enrollment but not current until the owner makes it so. */
export async function createCohort(
  services: Services,
  actor: string,
  input: { startDate: string | null; capacity: number },
): Promise<string> {
  const now = services.clock.now();
  const id = randomUUID();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("cohorts")
      .values({
        id,
        start_date: input.startDate,
        capacity: input.capacity,
        enrolled_count: 0,
        is_active: 1,
        is_current: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    await recordAudit(trx, actor, "cohort.create", { id, ...input }, now);
  });
  return id;
}

/**
 * Makes a cohort the one the public pages sell. The previous cohort's seat queue moves over in its
 * order (still waiting, or offered and not yet enrolled: their old offer is withdrawn), so the
 * next offer round fills the new seats from it; and everyone on the waitlist, for any reason, who
 * has not enrolled gets one "enrollment is open" email.
 */
export async function makeCurrent(
  services: Services,
  actor: string,
  cohortId: string,
): Promise<"made_current" | "already_current" | "not_found"> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  await getCohort(services.db, now);
  return services.db.transaction().execute(async (trx) => {
    const previous = await lockCohort(trx, services.engine);
    if (previous.id === cohortId) return "already_current";
    const next = await trx
      .selectFrom("cohorts")
      .select("id")
      .where("id", "=", cohortId)
      .executeTakeFirst();
    if (!next) return "not_found";
    await trx
      .updateTable("cohorts")
      .set({ is_current: 0, updated_at: nowIso })
      .where("id", "=", previous.id)
      .execute();
    await trx
      .updateTable("cohorts")
      .set({ is_current: 1, updated_at: nowIso })
      .where("id", "=", cohortId)
      .execute();
    const after = await lockCohort(trx, services.engine, cohortId);
    // Its six group sessions, from its start date (decision 0041); none yet without one.
    await planCohortSessions(trx, services.config, cohortId, now);

    const carried = await trx
      .selectFrom("waitlist_entries")
      .select(["id", "person_id", "hold_id"])
      .where("cohort_id", "=", previous.id)
      .where("status", "in", ["waiting", "offered"])
      .orderBy("position")
      .orderBy("created_at")
      .execute();
    for (const entry of carried) {
      await withdrawPlace(trx, entry, nowIso);
      await joinQueue(trx, cohortId, entry.person_id, nowIso);
    }

    // "Enrollment is open" is cohort news: only for people who may get it (features/marketing/marketing.ts).
    const waitlisted = await trx
      .selectFrom("people")
      .select(["id", "email", "first_name", "marketing", "undeliverable_at", "unsubscribe_token"])
      .where("status", "=", "waitlist")
      .execute();
    let emailed = 0;
    // Without a postal address for the footer, no marketing goes out (MAIL_POSTAL_ADDRESS).
    const sender = marketingSender(services.config);
    for (const person of waitlisted) {
      if (!sender || !mayReceive(person, "news")) continue;
      if (!(await sendOnce(trx, `enrollment-open:${cohortId}:${person.id}`, nowIso))) continue;
      emailed += 1;
      await enqueueMarketing(
        trx,
        sender,
        person,
        cohortEmails.enrollmentOpen({
          firstName: person.first_name,
          startDisplay: startDateDisplay(after.startDate),
          capacity: after.capacity,
          applyUrl: `${services.config.publicUrl}/apply`,
        }),
        { kind: "enrollment_open", category: "news" },
        now,
      );
    }
    await recordAudit(
      trx,
      actor,
      "cohort.make_current",
      { from: previous.id, to: cohortId, queueCarried: carried.length, emailed },
      now,
    );
    return "made_current";
  });
}
