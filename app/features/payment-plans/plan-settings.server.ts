import type { Db } from "~/db/database.server";
import type { PlanSettings } from "./plan-rules";

/** Off until the owner turns it on; these are the form's starting values. */
const DEFAULTS: PlanSettings = { enabled: false, count: 3, surchargeCents: 0 };

/** The owner's plan terms (one row). */
export async function readPlanSettings(db: Db): Promise<PlanSettings> {
  const row = await db
    .selectFrom("payment_plan_settings")
    .select(["enabled", "payments", "surcharge_cents"])
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row) return DEFAULTS;
  return {
    enabled: Number(row.enabled) === 1,
    count: Number(row.payments),
    surchargeCents: Number(row.surcharge_cents),
  };
}

export async function savePlanSettings(db: Db, settings: PlanSettings, nowIso: string) {
  const values = {
    enabled: settings.enabled ? 1 : 0,
    payments: settings.count,
    surcharge_cents: settings.surchargeCents,
    updated_at: nowIso,
  };
  await db
    .insertInto("payment_plan_settings")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}
