import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { handleStripeWebhook } from "../../app/features/payments/stripe-webhook.server";
import { startCheckout } from "../../app/features/enrollment/seats.server";
import { currentCohortRow, setCurrentCohort } from "./cohort";
import { startTestServices, TestClock, type TestEngine, type TestServices } from "./databases";
import { startFakeStripe } from "../../fakes/stripe";

const WEBHOOK_SECRET = "whsec_test_secret";

/**
 * Enrollment with the stripe provider against the local fake Stripe API, per test on one engine:
 * a 10-seat cohort, a test clock, checkouts by anonymous buyers, and signed webhook deliveries.
 */
export function stripeScenario(engine: TestEngine) {
  const clock = new TestClock();
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let t: TestServices;
  const services = () => t.services;

  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.refunds.length = 0;
    fake.requests.length = 0;
    clock.set(new Date("2026-11-22T12:00:00Z"));
    t = await startTestServices(engine, {
      clock,
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_123",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
      },
    });
    await setCohort({ capacity: 10, enrolled_count: 0 });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  async function setCohort(values: {
    capacity: number;
    enrolled_count: number;
    start_date?: string;
  }) {
    await setCurrentCohort(services().db, values);
  }
  const cohort = async () => (await currentCohortRow(services().db))!;
  const count = async (
    table: "seat_holds" | "payments" | "webhook_events" | "outbox",
    where?: [string, string],
  ) => {
    let query = services()
      .db.selectFrom(table)
      .select((eb) => eb.fn.countAll().as("n"));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    if (where) query = query.where(where[0] as any, "=", where[1]);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const start = () =>
    startCheckout(services(), services().payments, {
      personId: null,
      email: "buyer@example.com",
      visitorId: `visitor-${Math.random()}`,
    });
  const lastSessionId = () => [...fake.sessions.keys()].at(-1)!;

  function signedEvent(
    type: string,
    object: unknown,
    options: { id?: string; timestamp?: number; secret?: string } = {},
  ) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${Math.random()}`,
      object: "event",
      type,
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { payload: Buffer.from(payload), header };
  }
  const deliver = (event: { payload: Buffer; header: string | undefined }) =>
    handleStripeWebhook(services(), event.payload, event.header);

  return {
    clock,
    services,
    fake: () => fake,
    setCohort,
    cohort,
    count,
    start,
    lastSessionId,
    signedEvent,
    deliver,
  };
}
