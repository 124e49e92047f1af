import type { DB } from "~/db/database.server";
import { parseJsonColumn, submissionResource } from "~/db/json-columns.server";
import { getCohort } from "~/cohort/cohort.server";
import { cohortStatus, seatsLeft } from "~/domain/cohort";
import { countHeldSeats } from "~/enrollment/seats.server";

function countBy<T extends string>(rows: { key: T | null; n: number | string | bigint }[]) {
  return Object.fromEntries(rows.map((r) => [r.key ?? "", Number(r.n)])) as Record<string, number>;
}

/** The owner's one-screen summary of the current cohort and the funnel. */
export async function dashboard(db: DB, now: Date) {
  const nowIso = now.toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString();
  const cohort = await getCohort(db, now);
  const heldSeats = await countHeldSeats(db, cohort.id, nowIso);
  const outcomes = await db
    .selectFrom("submissions")
    .select(["status as key", (eb) => eb.fn.countAll().as("n")])
    .where("type", "=", "application")
    .groupBy("status")
    .execute();
  const leadRows = await db
    .selectFrom("submissions")
    .select(["form_data", "created_at"])
    .where("type", "=", "lead_magnet")
    .execute();
  const emails = await db
    .selectFrom("outbox")
    .select(["status as key", (eb) => eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const since30 = new Date(now.getTime() - 30 * 24 * 3_600_000).toISOString();
  const paid30 = await db
    .selectFrom("payments")
    .select((eb) => [eb.fn.countAll().as("n"), eb.fn.sum("amount_cents").as("cents")])
    .where("status", "=", "paid")
    .where("created_at", ">=", since30)
    .executeTakeFirstOrThrow();
  const paidCohort = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.sum("amount_cents").as("cents"))
    .where("status", "=", "paid")
    .where("cohort_id", "=", cohort.id)
    .executeTakeFirstOrThrow();
  const waitingResumes = await db
    .selectFrom("uploads")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("review_status", "=", "waiting")
    .executeTakeFirstOrThrow();

  const leads: Record<string, { week: number; total: number }> = {};
  for (const row of leadRows) {
    const type = parseJsonColumn(submissionResource, row.form_data).resourceType ?? "unknown";
    const entry = (leads[type] ??= { week: 0, total: 0 });
    entry.total += 1;
    if (row.created_at >= weekAgo) entry.week += 1;
  }
  return {
    cohort: {
      ...cohort,
      ...cohortStatus(cohort),
      heldSeats,
      seatsLeft: seatsLeft(cohort, heldSeats),
    },
    applications: countBy(outcomes),
    leads,
    emails: countBy(emails),
    waitingResumes: Number(waitingResumes.n),
    revenue: {
      last30Cents: Number(paid30.cents ?? 0),
      last30Payments: Number(paid30.n),
      cohortCents: Number(paidCohort.cents ?? 0),
    },
  };
}
