import { randomUUID } from "node:crypto";
import { DEFAULT_COHORT, type CohortSettings } from "./cohort";
import { currentYear, graduationYearInForce } from "./graduation-year";
import type { DB } from "~/db/database.server";
import type { Selectable } from "kysely";
import type { CohortsTable } from "~/db/schema";
import { errorMessage, log } from "~/lib/logger.server";

/** A cohort of the series: its settings and the id that holds, payments and queues point at. */
export interface Cohort extends CohortSettings {
  id: string;
  isCurrent: boolean;
  createdAt: string;
}

type CohortRow = Omit<Selectable<CohortsTable>, "updated_at">;

/**
 * The current cohort: the one the public pages sell and /admin/cohort-settings edits. The
 * migration creates the first one; should none be current, the default is created (at most one
 * can be current: a partial unique index, so concurrent first reads insert it once).
 */
export async function getCohort(db: DB, now: Date): Promise<Cohort> {
  const row = await db
    .selectFrom("cohorts")
    .selectAll()
    .where("is_current", "=", 1)
    .executeTakeFirst();
  if (row) return toCohort(row);
  await db
    .insertInto("cohorts")
    .values({
      id: randomUUID(),
      start_date: DEFAULT_COHORT.startDate,
      capacity: DEFAULT_COHORT.capacity,
      enrolled_count: DEFAULT_COHORT.enrolledCount,
      is_active: 1,
      is_current: 1,
      earliest_graduation_year: DEFAULT_COHORT.earliestGraduationYear,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return getCohort(db, now);
}

/** A failed read is logged and returns no data (the caller then treats the cohort as full). */
export async function readCohortSafely(db: DB, now: Date): Promise<Cohort | null> {
  try {
    return await getCohort(db, now);
  } catch (error) {
    log.error("cohort read failed", { error: errorMessage(error) });
    return null;
  }
}

export function toCohort(row: CohortRow): Cohort {
  return {
    id: row.id,
    startDate: row.start_date,
    capacity: Number(row.capacity),
    enrolledCount: Number(row.enrolled_count),
    isActive: Boolean(Number(row.is_active)),
    earliestGraduationYear:
      row.earliest_graduation_year === null ? null : Number(row.earliest_graduation_year),
    isCurrent: Boolean(Number(row.is_current)),
    createdAt: row.created_at,
  };
}

/** Only the settings of a cohort (what the settings page shows and the audit log records). */
export function settingsOf(cohort: CohortSettings): CohortSettings {
  const { startDate, capacity, enrolledCount, isActive, earliestGraduationYear } = cohort;
  return { startDate, capacity, enrolledCount, isActive, earliestGraduationYear };
}

/**
 * The earliest graduation year the application and lead forms accept right now: the current
 * cohort's setting, else the current year. The pages and their actions read it alike, so the
 * message the browser shows and the rule the server applies name the same year. A cohort that
 * cannot be read (logged) leaves the spec's rule, the current year.
 */
export async function readGraduationYearInForce(services: {
  db: DB;
  clock: { now(): Date };
}): Promise<number> {
  const now = services.clock.now();
  const cohort = await readCohortSafely(services.db, now);
  return graduationYearInForce(cohort?.earliestGraduationYear ?? null, currentYear(now));
}
