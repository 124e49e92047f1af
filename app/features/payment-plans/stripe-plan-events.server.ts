import type Stripe from "stripe";
import type { Services } from "~/context";
import type { Trx } from "~/db/database.server";
import { recordEvent } from "~/features/enrollment/provider-events.server";
import { recordInstalmentFailed, recordInstalmentPaid } from "./plans.server";

/** The subscription an invoice bills (API versions since 2025-03-31 say it under `parent`). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  if (!sub) return null;
  return typeof sub === "string" ? sub : sub.id;
}

/** The instalment an invoice pays: the one it already paid or failed, else the next unpaid. */
async function instalmentOf(trx: Trx, subscriptionId: string, invoiceId: string) {
  const plan = await trx
    .selectFrom("payment_plans")
    .select(["id"])
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  if (!plan) return null;
  const base = trx
    .selectFrom("plan_instalments")
    .select(["id", "plan_id", "number", "amount_cents", "status"])
    .where("plan_id", "=", plan.id);
  return (
    (await base.where("provider_invoice_id", "=", invoiceId).executeTakeFirst()) ??
    (await base
      .where("status", "in", ["due", "failed"])
      .where("provider_invoice_id", "is", null)
      .orderBy("number")
      .limit(1)
      .executeTakeFirst()) ??
    null
  );
}

/**
 * `invoice.paid` and `invoice.payment_failed` of a plan's later instalments (the first is the
 * Checkout's, fulfilled by checkout.session.completed). Each event is recorded in the same
 * transaction as its effect, so a replay changes nothing. A failure's next try is Stripe's
 * (`next_payment_attempt`; none: retries are over and the owner decides), and the student's link
 * to pay with another card is the invoice's hosted page.
 */
export async function applyPlanInvoice(
  services: Services,
  invoice: Stripe.Invoice,
  outcome: "paid" | "failed",
  event: { id: string; type: string },
): Promise<string> {
  if (invoice.billing_reason === "subscription_create") return "first_payment";
  const subscriptionId = invoiceSubscription(invoice);
  if (!subscriptionId) return "not_a_plan";
  const now = services.clock.now();
  const nowIso = now.toISOString();
  return services.db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, event, nowIso))) return "duplicate_event";
    const instalment = await instalmentOf(trx, subscriptionId, invoice.id);
    if (!instalment) return "unknown_plan";
    await trx
      .updateTable("plan_instalments")
      .set({ provider_invoice_id: invoice.id })
      .where("id", "=", instalment.id)
      .execute();
    if (outcome === "paid") {
      await recordInstalmentPaid(trx, instalment, nowIso, invoice.id);
      return "paid";
    }
    if (instalment.status === "paid") return "already_paid";
    await recordInstalmentFailed(trx, services, instalment, {
      attempts: invoice.attempt_count,
      nextAttempt: invoice.next_payment_attempt
        ? new Date(invoice.next_payment_attempt * 1000)
        : null,
      updateUrl: invoice.hosted_invoice_url ?? `${services.config.publicUrl}/`,
      now,
    });
    return "failed";
  });
}

/**
 * `customer.subscription.deleted`: the plan's subscription ended. After its last payment that
 * is the schedule's end (the plan is complete). With payments still unpaid, Stripe stopped
 * retrying: the owner decides (nothing happens to the seat without them).
 */
export async function applyPlanEnded(
  services: Services,
  subscription: Stripe.Subscription,
  event: { id: string; type: string },
): Promise<string> {
  const nowIso = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, event, nowIso))) return "duplicate_event";
    const plan = await trx
      .selectFrom("payment_plans")
      .select(["id", "status"])
      .where("subscription_id", "=", subscription.id)
      .executeTakeFirst();
    if (!plan) return "unknown_plan";
    const unpaid = await trx
      .selectFrom("plan_instalments")
      .select("id")
      .where("plan_id", "=", plan.id)
      .where("status", "in", ["due", "failed"])
      .execute();
    const status = unpaid.length === 0 ? "completed" : "owner_decides";
    await trx
      .updateTable("payment_plans")
      .set({ status, updated_at: nowIso })
      .where("id", "=", plan.id)
      .where("status", "in", ["active", "past_due"])
      .execute();
    return status;
  });
}
