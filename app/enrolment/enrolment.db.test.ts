import { currentCohortRow, setCurrentCohort } from "../../tests/support/cohort";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import Stripe from "stripe";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../tests/support/databases";
import { startFakeStripe } from "../../tests/support/fake-stripe";
import { handleStripeWebhook } from "~/payments/stripe-webhook.server";
import { fulfilPayment } from "./fulfilment.server";
import { releaseHold, startCheckout } from "./seats.server";

const WEBHOOK_SECRET = "whsec_test_secret";

describe.each(testEngines())("enrolment on $name", (engine) => {
  const clock = new TestClock();
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let t: TestServices;

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
    await setCurrentCohort(t.services.db, values);
  }
  const cohort = async () => (await currentCohortRow(t.services.db))!;
  const count = async (
    table: "seat_holds" | "payments" | "webhook_events" | "outbox",
    where?: [string, string],
  ) => {
    let query = t.services.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n"));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    if (where) query = query.where(where[0] as any, "=", where[1]);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const start = () =>
    startCheckout(t.services, t.services.payments, {
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
    handleStripeWebhook(t.services, event.payload, event.header);

  it("creates the Stripe Checkout Session the issue describes", async () => {
    const result = await start();
    expect(result).toEqual({
      kind: "redirect",
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const request = fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.form.get("mode")).toBe("payment");
    expect(request.form.get("line_items[0][price_data][unit_amount]")).toBe("64900");
    expect(request.form.get("customer_email")).toBe("buyer@example.com");
    expect(request.form.get("success_url")).toBe(
      "http://localhost:3000/payment-confirmation?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(request.form.get("cancel_url")).toBe("http://localhost:3000/enroll");
    const hold = await t.services.db.selectFrom("seat_holds").selectAll().executeTakeFirstOrThrow();
    expect(request.form.get("client_reference_id")).toBe(hold.id);
    expect(request.form.get("metadata[holdId]")).toBe(hold.id);
    const expiresAt = Number(request.form.get("expires_at"));
    expect(expiresAt - clock.now().getTime() / 1000).toBeGreaterThanOrEqual(30 * 60);
    expect(hold.session_id).toBe(lastSessionId());
    expect(request.idempotencyKey).toBe(`checkout-${hold.id}`);
  });

  it("makes at most 10 holds from 50 concurrent checkout starts", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => start()));
    expect(results.filter((r) => r.kind === "redirect")).toHaveLength(10);
    expect(results.filter((r) => r.kind === "held")).toHaveLength(40);
    expect(await count("seat_holds", ["status", "held"])).toBe(10);
  });

  it("enrols once when the completion event is replayed", async () => {
    await start();
    const session = fake.pay(lastSessionId(), "payer@example.com");
    const event = signedEvent("checkout.session.completed", session, { id: "evt_1" });
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    expect((await cohort()).enrolled_count).toBe(1);
    expect(await count("payments")).toBe(1);
    expect(await count("webhook_events")).toBe(1);
    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(person.email).toBe("payer@example.com");
    expect(person.status).toBe("enrolled");
    const emails = await t.services.db
      .selectFrom("outbox")
      .select(["kind", "to_address", "send_after"])
      .orderBy("kind")
      .execute();
    expect(emails.map((e) => e.kind)).toEqual(["enrolment_confirmation", "enrolment_onboarding"]);
    const onboardingAfter = new Date(emails[1]!.send_after).getTime() - clock.now().getTime();
    expect(onboardingAfter).toBeGreaterThan(0);
    expect(onboardingAfter).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it("enrols once when the webhook and the success page both fulfil, with different events", async () => {
    await start();
    const session = fake.pay(lastSessionId(), "payer@example.com");
    await Promise.all([
      deliver(signedEvent("checkout.session.completed", session, { id: "evt_a" })),
      deliver(signedEvent("checkout.session.async_payment_succeeded", session, { id: "evt_b" })),
      fulfilPayment(t.services, t.services.payments, {
        sessionId: session.id,
        email: "payer@example.com",
        amountCents: 64900,
      }),
    ]);
    expect((await cohort()).enrolled_count).toBe(1);
    expect(await count("payments")).toBe(1);
  });

  it("ignores an expiry that arrives after the payment", async () => {
    await start();
    const id = lastSessionId();
    const paid = fake.pay(id, "p@example.com");
    await deliver(signedEvent("checkout.session.completed", paid));
    await deliver(signedEvent("checkout.session.expired", { ...paid, status: "expired" }));
    expect(await count("seat_holds", ["status", "paid"])).toBe(1);
    expect((await cohort()).enrolled_count).toBe(1);
  });

  it("frees the seat when the session expires, by event or by time", async () => {
    await setCohort({ capacity: 1, enrolled_count: 0 });
    expect((await start()).kind).toBe("redirect");
    expect((await start()).kind).toBe("held");
    await deliver(signedEvent("checkout.session.expired", fake.expire(lastSessionId())));
    expect(await count("seat_holds", ["status", "expired"])).toBe(1);
    expect((await start()).kind).toBe("redirect");
    expect((await start()).kind).toBe("held");
    clock.advance(37 * 60_000);
    expect((await start()).kind).toBe("redirect");
  });

  it("flags and refunds a payment on an expired hold when the cohort filled up", async () => {
    await setCohort({ capacity: 1, enrolled_count: 0 });
    await start();
    const late = lastSessionId();
    clock.advance(37 * 60_000);
    await start();
    const onTime = fake.pay(lastSessionId(), "ontime@example.com");
    await deliver(signedEvent("checkout.session.completed", onTime));
    const lateSession = fake.pay(late, "late@example.com");
    await deliver(signedEvent("checkout.session.completed", lateSession));
    expect((await cohort()).enrolled_count).toBe(1);
    const payments = await t.services.db
      .selectFrom("payments")
      .select(["session_id", "status"])
      .orderBy("created_at")
      .execute();
    expect(payments.find((p) => p.session_id === late)?.status).toBe("refunded");
    expect(fake.refunds).toEqual([`pi_${late}`]);
    expect(await count("outbox", ["kind", "enrolment_refund"])).toBe(1);
  });

  it("enrols a late payment on an expired hold while seats remain", async () => {
    await start();
    clock.advance(40 * 60_000);
    await deliver(
      signedEvent("checkout.session.completed", fake.pay(lastSessionId(), "late@example.com")),
    );
    expect((await cohort()).enrolled_count).toBe(1);
    expect(fake.refunds).toEqual([]);
  });

  it.each([
    [
      "missing",
      (e: { payload: Buffer; header: string }) => ({ payload: e.payload, header: undefined }),
    ],
    [
      "tampered",
      (e: { payload: Buffer; header: string }) => ({
        payload: Buffer.from(e.payload.toString().replace("paid", "unpaid")),
        header: e.header,
      }),
    ],
    [
      "wrongly signed",
      () => signedEvent("checkout.session.completed", {}, { secret: "whsec_other" }),
    ],
    [
      "stale",
      () =>
        signedEvent(
          "checkout.session.completed",
          {},
          { timestamp: Math.floor(Date.now() / 1000) - 3600 },
        ),
    ],
  ])("refuses a %s signature with 400 and writes nothing", async (_name, mutate) => {
    await start();
    const paid = fake.pay(lastSessionId(), "p@example.com");
    const reply = await deliver(mutate(signedEvent("checkout.session.completed", paid)));
    expect(reply.status).toBe(400);
    expect(await count("webhook_events")).toBe(0);
    expect(await count("payments")).toBe(0);
    expect((await cohort()).enrolled_count).toBe(0);
  });

  it("reads the real session state from Stripe", async () => {
    await start();
    const id = lastSessionId();
    expect(await t.services.payments.retrieveSession(id)).toMatchObject({ state: "open" });
    fake.pay(id, "p@example.com");
    expect(await t.services.payments.retrieveSession(id)).toMatchObject({
      state: "paid",
      email: "p@example.com",
      amountCents: 64900,
    });
    expect(await t.services.payments.retrieveSession("cs_unknown")).toBeNull();
  });

  it("lets one buyer hold one seat: starting again releases the earlier hold", async () => {
    const buyer = { personId: null, email: "again@example.com", visitorId: "same-visitor" };
    for (let i = 0; i < 5; i++) await startCheckout(t.services, t.services.payments, buyer);
    expect(await count("seat_holds", ["status", "held"])).toBe(1);
    expect(await count("seat_holds", ["status", "released"])).toBe(4);
  });

  it("says full only when every seat is paid for", async () => {
    await setCohort({ capacity: 1, enrolled_count: 1 });
    expect((await start()).kind).toBe("full");
  });

  it("releases a cancelled hold", async () => {
    await setCohort({ capacity: 1, enrolled_count: 0 });
    await start();
    expect(await releaseHold(t.services, { sessionId: lastSessionId() }, "released")).toBe(true);
    expect((await start()).kind).toBe("redirect");
  });
});
