import type { DB } from "~/db/database.server";

/**
 * Plan payments still to come, per cohort (issue 49, item 3): the instalments of each payment
 * plan not yet paid. Wired when the payment plan lands: until then no cohort has a plan, so every
 * cohort's figure is 0. The money page shows the column already, so wiring it changes no page.
 */
export async function outstandingPlanCents(
  db: DB,
  cohortIds: readonly string[],
): Promise<Map<string, number>> {
  void db;
  return new Map(cohortIds.map((id) => [id, 0]));
}
