import { COHORT_ID, getCohort, toSettings } from "~/cohort/cohort.server";
import { recordAudit } from "~/console/audit.server";
import type { DB } from "~/db/database.server";
import type { Engine } from "~/db/migrations.server";
import type { CohortSettings } from "~/domain/cohort";
import type { CohortSettingsPatch } from "~/domain/cohort-settings";

export interface CohortUpdate {
  before: CohortSettings;
  after: CohortSettings;
  changed: boolean;
}

/** Seats reserved by checkouts that are still open (held and not yet expired). */
export async function countHeldSeats(db: DB, now: Date): Promise<number> {
  const row = await db
    .selectFrom("seat_holds")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "held")
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A partial merge of the admin's form into the cohort row: only submitted fields are written, and
 * the enrolled count is never in the statement, so a checkout finishing at the same moment keeps
 * its count. Each change is recorded in the audit log with its before and after, in the same
 * transaction as the change.
 */
export async function updateCohortSettings(
  services: { db: DB; engine: Engine; clock: { now(): Date } },
  actor: string,
  patch: CohortSettingsPatch,
): Promise<CohortUpdate> {
  const now = services.clock.now();
  await getCohort(services.db, now);
  return services.db.transaction().execute(async (trx) => {
    const read = () =>
      trx
        .selectFrom("cohort")
        .selectAll()
        .where("id", "=", COHORT_ID)
        .$if(services.engine === "postgres", (qb) => qb.forUpdate())
        .executeTakeFirstOrThrow();
    const before = toSettings(await read());
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
    };
    if (Object.keys(changes).length === 0) return { before, after: before, changed: false };
    await trx
      .updateTable("cohort")
      .set({ ...changes, updated_at: now.toISOString() })
      .where("id", "=", COHORT_ID)
      .execute();
    const after = toSettings(await read());
    await recordAudit(trx, actor, "cohort.update", { before, after }, now);
    return { before, after, changed: true };
  });
}
