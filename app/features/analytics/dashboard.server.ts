import type { DB } from "~/db/database.server";
import { parseJsonColumn, submissionResource } from "~/db/json-columns.server";
import { getCohort } from "~/features/cohort/cohort.server";
import { cohortStatus } from "~/features/cohort/cohort";
import { dateInZone } from "~/lib/time-zone";
import { cohortFigures, revenueSince } from "~/features/enrollment/figures.server";

function countBy<T extends string>(rows: { key: T | null; n: number | string | bigint }[]) {
  return Object.fromEntries(rows.map((r) => [r.key ?? "", Number(r.n)])) as Record<string, number>;
}

/**
 * The owner's one-screen summary of the current cohort and the funnel. Seats and revenue come
 * from the one count (`cohortFigures`, `revenueSince`) the cohort pages read too; `timeZone` is
 * the site's, which says whether the cohort has started.
 */
export async function dashboard(db: DB, now: Date, timeZone: string) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString();
  const cohort = await getCohort(db, now);
  const figures = (await cohortFigures(db, [cohort], now, dateInZone(now, timeZone))).get(
    cohort.id,
  )!;
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
  const last30 = await revenueSince(db, since30);
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
      seats: figures.seats,
      rule: figures.rule,
    },
    applications: countBy(outcomes),
    leads,
    emails: countBy(emails),
    waitingResumes: Number(waitingResumes.n),
    revenue: {
      last30Cents: last30.cents,
      last30Payments: last30.payments,
      cohortCents: figures.revenueCents,
    },
  };
}
