import { claimRows } from "~/db/claim.server";
import type { Services } from "~/context";
import { nextRetry } from "./plan-rules";
import { recordInstalmentFailed, recordInstalmentPaid } from "./plans.server";

const LEASE_MS = 60_000;

/** The test provider's "update your card" page of a plan (the failed-payment email links to it). */
export const testCardUrl = (publicUrl: string, planId: string) =>
  `${publicUrl}/checkout/test-card/${planId}`;

/**
 * The test provider's stand-in for Stripe's billing: charges every instalment of a test plan
 * whose time has come (its due date, or its next retry). A card marked "fails on later payments"
 * at the test checkout fails; a failure is retried on RETRY_AFTER_DAYS, then the owner decides.
 * Each row is claimed with a lease (claimRows, SKIP LOCKED on PostgreSQL) and changed only while
 * it is still the try that was claimed, so a second run, or a second instance, charges nothing
 * twice. Stripe plans are not charged here: Stripe bills them and its webhooks record them.
 */
export async function chargeDueInstalments(
  services: Services,
): Promise<{ charged: number; failed: number }> {
  const { db, config } = services;
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const due = await claimRows(db, "plan_instalments", {
    due: (eb) =>
      eb.and([
        eb("status", "in", ["due", "failed"]),
        eb("next_attempt_at", "<=", nowIso),
        eb(
          "plan_id",
          "in",
          eb
            .selectFrom("payment_plans")
            .select("payment_plans.id")
            .where("payment_plans.provider", "=", "test")
            .where("payment_plans.status", "in", ["active", "past_due"]),
        ),
      ]),
    orderBy: "next_attempt_at",
    now,
    leaseMs: LEASE_MS,
    limit: 50,
  });
  let charged = 0;
  let failed = 0;
  for (const instalment of due) {
    const outcome = await db.transaction().execute(async (trx) => {
      // Still the try that was claimed: a run whose lease lapsed finds it already charged.
      const current = await trx
        .selectFrom("plan_instalments")
        .innerJoin("payment_plans", "payment_plans.id", "plan_instalments.plan_id")
        .select(["plan_instalments.attempts", "payment_plans.test_card_fails"])
        .where("plan_instalments.id", "=", instalment.id)
        .where("plan_instalments.status", "in", ["due", "failed"])
        .where("plan_instalments.attempts", "=", instalment.attempts)
        .where("payment_plans.status", "in", ["active", "past_due"])
        .executeTakeFirst();
      if (!current) return "skipped" as const;
      if (Number(current.test_card_fails) !== 1) {
        await trx
          .updateTable("plan_instalments")
          .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
          .where("id", "=", instalment.id)
          .execute();
        await recordInstalmentPaid(trx, instalment, nowIso);
        return "paid" as const;
      }
      const attempts = Number(current.attempts) + 1;
      await recordInstalmentFailed(trx, services, instalment, {
        attempts,
        nextAttempt: nextRetry(now, attempts),
        updateUrl: testCardUrl(config.publicUrl, instalment.plan_id),
        now,
      });
      return "failed" as const;
    });
    if (outcome === "paid") charged++;
    if (outcome === "failed") failed++;
  }
  return { charged, failed };
}

/** The test card page of a plan: the payment it would retry now, if one failed. */
export async function failedInstalmentOf(services: Services, planId: string) {
  return services.db
    .selectFrom("plan_instalments")
    .innerJoin("payment_plans", "payment_plans.id", "plan_instalments.plan_id")
    .select(["plan_instalments.id", "plan_instalments.plan_id", "plan_instalments.amount_cents"])
    .where("plan_instalments.plan_id", "=", planId)
    .where("payment_plans.provider", "=", "test")
    .where("payment_plans.status", "in", ["past_due", "owner_decides"])
    .where("plan_instalments.status", "=", "failed")
    .orderBy("plan_instalments.number")
    .executeTakeFirst();
}

/**
 * The test stand-in for a student updating their card: the card works from now on, and the failed
 * payment is charged at once (as Stripe pays an invoice when its hosted page gets a new card).
 */
export async function updateTestCard(services: Services, planId: string): Promise<boolean> {
  const nowIso = services.clock.now().toISOString();
  const failed = await failedInstalmentOf(services, planId);
  return services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("payment_plans")
      .set({ test_card_fails: 0, updated_at: nowIso })
      .where("id", "=", planId)
      .where("provider", "=", "test")
      .execute();
    if (!failed) return false;
    await trx
      .updateTable("payment_plans")
      .set({ status: "past_due" })
      .where("id", "=", planId)
      .where("status", "=", "owner_decides")
      .where("decision", "is", null)
      .execute();
    await recordInstalmentPaid(trx, failed, nowIso);
    return true;
  });
}
