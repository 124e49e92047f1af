import type Stripe from "stripe";
import { CURRENCY, PRODUCT_NAME } from "~/features/enrollment/pricing.words";
import type { CheckoutRequest } from "./provider.server";

/**
 * A payment plan on Stripe's own objects (decision 0070): Checkout in subscription mode bills the
 * first instalment and saves the card; the monthly price is every later instalment, and the odd
 * cents of the split ride on the first invoice as a one-time line. Once paid, the subscription
 * gets a schedule of one phase lasting `count` months that cancels at its end, so Stripe bills
 * exactly `count` payments and retries failures on its own schedule (Smart Retries).
 */
export function planLineItems(
  request: CheckoutRequest & { plan: NonNullable<CheckoutRequest["plan"]> },
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const [first = 0, each = first] = request.plan.instalments;
  const product_data = { name: PRODUCT_NAME };
  return [
    {
      quantity: 1,
      price_data: {
        currency: CURRENCY,
        unit_amount: each,
        recurring: { interval: "month" },
        product_data,
      },
    },
    ...(first > each
      ? [
          {
            quantity: 1,
            price_data: { currency: CURRENCY, unit_amount: first - each, product_data },
          },
        ]
      : []),
  ];
}

/**
 * Ends the plan's subscription after its last payment: a schedule taken over from the
 * subscription, its one phase set to `count` months (`duration`, which replaced `iterations` in
 * API version 2025-09-30) and `end_behavior: cancel`. Idempotency keys make a redelivered
 * webhook's second call the same request.
 */
export async function endPlanAfter(stripe: Stripe, subscriptionId: string, count: number) {
  const schedule = await stripe.subscriptionSchedules.create(
    { from_subscription: subscriptionId },
    { idempotencyKey: `plan-schedule-${subscriptionId}` },
  );
  const phase = schedule.phases[0];
  if (!phase) throw new Error("Stripe returned a schedule without a phase");
  await stripe.subscriptionSchedules.update(
    schedule.id,
    {
      end_behavior: "cancel",
      proration_behavior: "none",
      phases: [
        {
          items: phase.items.map((item) => ({
            price: typeof item.price === "string" ? item.price : item.price.id,
            quantity: item.quantity ?? 1,
          })),
          start_date: phase.start_date,
          duration: { interval: "month", interval_count: count },
        },
      ],
    },
    { idempotencyKey: `plan-schedule-end-${subscriptionId}` },
  );
}

/**
 * Refunds up to `amountCents` of what a plan's subscription has been paid (all of it when
 * undefined), newest invoice first: each invoice's payment is its own PaymentIntent.
 */
export async function refundPlan(
  stripe: Stripe,
  subscriptionId: string,
  amountCents: number | undefined,
) {
  const invoices = await stripe.invoices.list({
    subscription: subscriptionId,
    status: "paid",
    limit: 24,
  });
  let left = amountCents ?? Number.POSITIVE_INFINITY;
  for (const invoice of invoices.data) {
    if (left <= 0) break;
    const amount = Math.min(left, invoice.amount_paid);
    if (amount <= 0) continue;
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: "paid" });
    const intent = payments.data[0]?.payment.payment_intent;
    const id = typeof intent === "string" ? intent : intent?.id;
    if (!id) throw new Error("Invoice has no payment to refund");
    await stripe.refunds.create(
      { payment_intent: id, amount },
      { idempotencyKey: `refund-${invoice.id}-${amount}` },
    );
    left -= amount;
  }
}

/** The subscription a Checkout Session of a plan started, if it is one. */
export function sessionSubscription(session: Stripe.Checkout.Session): string | null {
  if (session.mode !== "subscription" || !session.subscription) return null;
  return typeof session.subscription === "string" ? session.subscription : session.subscription.id;
}
