import { DEFAULT_COHORT, type CohortSettings } from "~/domain/cohort";
import type { DB } from "~/db/database.server";
import { errorMessage, log } from "~/lib/logger.server";

export const COHORT_ID = "current";

/** The single cohort settings record, created with the default capacity 10, nobody enrolled, active. */
export async function getCohort(db: DB, now: Date): Promise<CohortSettings> {
  const row = await db
    .selectFrom("cohort")
    .selectAll()
    .where("id", "=", COHORT_ID)
    .executeTakeFirst();
  if (row) return toSettings(row);
  await db
    .insertInto("cohort")
    .values({
      id: COHORT_ID,
      start_date: DEFAULT_COHORT.startDate,
      capacity: DEFAULT_COHORT.capacity,
      enrolled_count: DEFAULT_COHORT.enrolledCount,
      is_active: 1,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return getCohort(db, now);
}

/** A failed read is logged and returns no data (the caller then treats the cohort as full). */
export async function readCohortSafely(db: DB, now: Date): Promise<CohortSettings | null> {
  try {
    return await getCohort(db, now);
  } catch (error) {
    log.error("cohort read failed", { error: errorMessage(error) });
    return null;
  }
}

export function toSettings(row: {
  start_date: string | null;
  capacity: number;
  enrolled_count: number;
  is_active: number;
}): CohortSettings {
  return {
    startDate: row.start_date,
    capacity: Number(row.capacity),
    enrolledCount: Number(row.enrolled_count),
    isActive: Boolean(Number(row.is_active)),
  };
}
