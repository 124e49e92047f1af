import { getCohort, settingsOf } from "./cohort.server";
import { recordAudit } from "~/features/accounts/audit.server";
import type { DB } from "~/db/database.server";
import type { Engine } from "~/db/migrations.server";
import type { CohortSettings } from "./cohort";
import type { CohortSettingsPatch } from "./cohort-settings";
import { lockCohort } from "~/features/enrollment/seats.server";
import { planCohortSessions } from "~/features/sessions/session-plan.server";
import { announceStartWeek } from "./start-date.server";

export interface CohortUpdate {
  before: CohortSettings;
  after: CohortSettings;
  changed: boolean;
  /** Students emailed the new start week (decision 0040). */
  studentsEmailed: number;
}

/**
 * A partial merge of the admin's form into the cohort row: only submitted fields are written, and
 * the enrolled count is never in the statement, so a checkout finishing at the same moment keeps
 * its count. Each change is recorded in the audit log with its before and after, in the same
 * transaction as the change; so is the email to each paid student when the start week changes.
 */
export async function updateCohortSettings(
  services: {
    db: DB;
    engine: Engine;
    clock: { now(): Date };
    config: { publicUrl: string; siteTimeZone: string; contactEmail: string };
  },
  actor: string,
  patch: CohortSettingsPatch,
): Promise<CohortUpdate> {
  const now = services.clock.now();
  await getCohort(services.db, now);
  return services.db.transaction().execute(async (trx) => {
    const current = await lockCohort(trx, services.engine);
    const before = settingsOf(current);
    const changes = {
      ...(patch.startDate !== undefined && patch.startDate !== before.startDate
        ? { start_date: patch.startDate }
        : {}),
      ...(patch.capacity !== undefined && patch.capacity !== before.capacity
        ? { capacity: patch.capacity }
        : {}),
      ...(patch.isActive !== undefined && patch.isActive !== before.isActive
        ? { is_active: patch.isActive ? 1 : 0 }
        : {}),
      ...(patch.earliestGraduationYear !== undefined &&
      patch.earliestGraduationYear !== before.earliestGraduationYear
        ? { earliest_graduation_year: patch.earliestGraduationYear }
        : {}),
    };
    if (Object.keys(changes).length === 0)
      return { before, after: before, changed: false, studentsEmailed: 0 };
    await trx
      .updateTable("cohorts")
      .set({ ...changes, updated_at: now.toISOString() })
      .where("id", "=", current.id)
      .execute();
    const after = settingsOf(await lockCohort(trx, services.engine));
    const studentsEmailed = await announceStartWeek(
      trx,
      services.config,
      current.id,
      { before: before.startDate, after: after.startDate },
      now,
    );
    // A new start date re-plans the cohort's six group sessions (decision 0041).
    const sessions =
      before.startDate !== after.startDate
        ? await planCohortSessions(trx, services.config, current.id, now, {
            startDate: before.startDate,
          })
        : undefined;
    await recordAudit(
      trx,
      actor,
      "cohort.update",
      { before, after, studentsEmailed, ...(sessions ? { sessions } : {}) },
      now,
    );
    return { before, after, changed: true, studentsEmailed };
  });
}
