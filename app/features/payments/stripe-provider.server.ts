import Stripe from "stripe";
import { CURRENCY, PRODUCT_NAME } from "~/features/enrollment/pricing.words";
import type { CheckoutRequest, PaymentProvider, SessionInfo } from "./provider.server";
import { planLineItems, refundPlan, sessionSubscription } from "./stripe-plan.server";

export interface StripeOptions {
  secretKey: string;
  /** Tests point the SDK at a local server, e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

export function createStripeClient(options: StripeOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port,
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

/** `automaticTax`: Stripe Tax calculates the tax (STRIPE_AUTOMATIC_TAX, decision 0069). */
export function stripeProvider(
  stripe: Stripe,
  options: { automaticTax?: boolean } = {},
): PaymentProvider {
  return {
    name: "stripe",
    checkoutOrigins: ["https://checkout.stripe.com"],

    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          ...(request.plan
            ? {
                mode: "subscription" as const,
                line_items: planLineItems({ ...request, plan: request.plan }),
                subscription_data: {
                  metadata: { holdId: request.holdId, payments: String(request.plan.count) },
                },
              }
            : {
                mode: "payment" as const,
                line_items: [
                  {
                    quantity: 1,
                    price_data: {
                      currency: CURRENCY,
                      unit_amount: request.amountCents,
                      product_data: { name: PRODUCT_NAME },
                    },
                  },
                ],
              }),
          ...(request.email ? { customer_email: request.email } : {}),
          ...(options.automaticTax ? { automatic_tax: { enabled: true } } : {}),
          client_reference_id: request.holdId,
          metadata: {
            holdId: request.holdId,
            personId: request.personId ?? "",
            ...(request.plan ? { payments: String(request.plan.count) } : {}),
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-${request.holdId}` },
      );
      if (!session.url) throw new Error("Stripe returned a session without a URL");
      return { id: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string): Promise<SessionInfo | null> {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return toSessionInfo(session);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },

    async refund(sessionId: string, amountCents?: number, key?: string) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const subscription = sessionSubscription(session);
      if (subscription) return refundPlan(stripe, subscription, amountCents);
      const intent =
        typeof session.payment_intent === "string"
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!intent) throw new Error("Session has no payment to refund");
      await stripe.refunds.create(
        { payment_intent: intent, ...(amountCents === undefined ? {} : { amount: amountCents }) },
        // Per session and amount: a retry of this refund is one refund, a refund of another
        // amount is a new one (never answered with the first).
        { idempotencyKey: key ? `refund-${key}` : `refund-${sessionId}-${amountCents ?? "all"}` },
      );
    },

    async cancelPlan(subscriptionId: string) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, undefined, {
          idempotencyKey: `cancel-${subscriptionId}`,
        });
      } catch (error) {
        // Already ended (its schedule ran out, or Stripe's dunning cancelled it): nothing to stop.
        if ((error as { statusCode?: number }).statusCode !== 404) throw error;
      }
    },
  };
}

export function toSessionInfo(session: Stripe.Checkout.Session): SessionInfo {
  const state =
    session.payment_status === "paid" ? "paid" : session.status === "expired" ? "expired" : "open";
  return {
    id: session.id,
    state,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    amountCents: session.amount_total ?? 0,
    holdId: session.client_reference_id ?? session.metadata?.holdId ?? null,
  };
}
