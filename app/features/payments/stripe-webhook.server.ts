import type Stripe from "stripe";
import { fulfillPayment } from "~/features/enrollment/fulfillment.server";
import { releaseHold } from "~/features/enrollment/seats.server";
import { errorMessage, log } from "~/lib/logger.server";
import type { Services } from "~/context";
import { recordStripeTax } from "~/features/receipts/stripe-tax.server";
import { toSessionInfo } from "./stripe-provider.server";
import { endPlanAfter, sessionSubscription } from "./stripe-plan.server";
import {
  applyPlanEnded,
  applyPlanInvoice,
} from "~/features/payment-plans/stripe-plan-events.server";

export interface WebhookReply {
  status: number;
  body: string;
}

/**
 * Verifies the signature on the raw body (and its age, through the SDK's 5-minute tolerance),
 * then applies the event. The event id is recorded in the same transaction as its effects.
 */
export async function handleStripeWebhook(
  services: Services,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookReply> {
  const { stripe, config } = services;
  if (!stripe || !config.stripeWebhookSecret) return { status: 404, body: "Not found" };
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("missing signature");
    event = stripe.webhooks.constructEvent(rawBody, signature, config.stripeWebhookSecret);
  } catch (error) {
    log.warn("webhook refused", { error: errorMessage(error) });
    return { status: 400, body: "Invalid signature" };
  }

  const ref = { id: event.id, type: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = toSessionInfo(event.data.object);
      if (session.state !== "paid") break;
      const subscriptionId = sessionSubscription(event.data.object);
      const result = await fulfillPayment(services, services.payments, {
        sessionId: session.id,
        email: session.email ?? "",
        amountCents: session.amountCents,
        event: ref,
        plan: subscriptionId ? { subscriptionId } : undefined,
      });
      if (result.kind !== "unknown_session") await recordStripeTax(services.db, event.data.object);
      log.info("webhook applied", { type: event.type, result: result.kind });
      // The plan's subscription ends after its last payment (idempotent: a redelivery repeats it).
      const count = Number(event.data.object.metadata?.payments ?? 0);
      if (subscriptionId && count > 1 && result.kind !== "refund_needed")
        await endPlanAfter(stripe, subscriptionId, count);
      break;
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const outcome = event.type === "invoice.paid" ? "paid" : "failed";
      const result = await applyPlanInvoice(services, event.data.object, outcome, ref);
      log.info("webhook applied", { type: event.type, result });
      break;
    }
    case "customer.subscription.deleted": {
      const result = await applyPlanEnded(services, event.data.object, ref);
      log.info("webhook applied", { type: event.type, result });
      break;
    }
    case "checkout.session.expired":
      await releaseHold(services, { sessionId: event.data.object.id }, "expired", ref);
      break;
    default:
      break;
  }
  return { status: 200, body: "ok" };
}
