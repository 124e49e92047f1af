import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { stripeScenario } from "../../../tests/support/stripe-scenario";
import { fulfillPayment } from "./fulfillment.server";

describe.each(testEngines())("fulfillment by webhook and success page on $name", (engine) => {
  const {
    clock,
    services,
    fake,
    setCohort,
    cohort,
    count,
    start,
    lastSessionId,
    signedEvent,
    deliver,
  } = stripeScenario(engine);

  it("enrolls once when the completion event is replayed", async () => {
    await start();
    const session = fake().pay(lastSessionId(), "payer@example.com");
    const event = signedEvent("checkout.session.completed", session, { id: "evt_1" });
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    expect((await cohort()).enrolled_count).toBe(1);
    expect(await count("payments")).toBe(1);
    expect(await count("webhook_events")).toBe(1);
    const person = await services().db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(person.email).toBe("payer@example.com");
    expect(person.status).toBe("enrolled");
    const emails = await services()
      .db.selectFrom("outbox")
      .select(["kind", "to_address", "send_after", "text"])
      .orderBy("kind")
      .execute();
    expect(emails.map((e) => e.kind)).toEqual(["enrollment_confirmation", "enrollment_onboarding"]);
    // The confirmation is the receipt: amount, date (site's zone, named), what was bought, policy.
    const receipt = emails[0]!.text;
    expect(receipt).toContain("Paid: $649 (US dollars), one-time");
    expect(receipt).toMatch(/Date: \w{3}, \w{3} \d+, \d+:\d\d [AP]M E[SD]T/);
    expect(receipt).toContain("For: one seat in the six-week From Scratch to Success cohort");
    expect(receipt).toContain("Our refund policy: Try the first week.");
    expect(receipt).toContain("/terms");
    const onboardingAfter = new Date(emails[1]!.send_after).getTime() - clock.now().getTime();
    expect(onboardingAfter).toBeGreaterThan(0);
    expect(onboardingAfter).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it("enrolls once when the webhook and the success page both fulfill, with different events", async () => {
    await start();
    const session = fake().pay(lastSessionId(), "payer@example.com");
    await Promise.all([
      deliver(signedEvent("checkout.session.completed", session, { id: "evt_a" })),
      deliver(signedEvent("checkout.session.async_payment_succeeded", session, { id: "evt_b" })),
      fulfillPayment(services(), services().payments, {
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
    const paid = fake().pay(id, "p@example.com");
    await deliver(signedEvent("checkout.session.completed", paid));
    await deliver(signedEvent("checkout.session.expired", { ...paid, status: "expired" }));
    expect(await count("seat_holds", ["status", "paid"])).toBe(1);
    expect((await cohort()).enrolled_count).toBe(1);
  });

  it("frees the seat when the session expires, by event or by time", async () => {
    await setCohort({ capacity: 1, enrolled_count: 0 });
    expect((await start()).kind).toBe("redirect");
    expect((await start()).kind).toBe("held");
    await deliver(signedEvent("checkout.session.expired", fake().expire(lastSessionId())));
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
    const onTime = fake().pay(lastSessionId(), "ontime@example.com");
    await deliver(signedEvent("checkout.session.completed", onTime));
    const lateSession = fake().pay(late, "late@example.com");
    await deliver(signedEvent("checkout.session.completed", lateSession));
    expect((await cohort()).enrolled_count).toBe(1);
    const payments = await services()
      .db.selectFrom("payments")
      .select(["session_id", "status"])
      .orderBy("created_at")
      .execute();
    expect(payments.find((p) => p.session_id === late)?.status).toBe("refunded");
    expect(fake().refunds).toEqual([`pi_${late}`]);
    expect(await count("outbox", ["kind", "enrollment_refund"])).toBe(1);
  });

  it("enrolls a late payment on an expired hold while seats remain", async () => {
    await start();
    clock.advance(40 * 60_000);
    await deliver(
      signedEvent("checkout.session.completed", fake().pay(lastSessionId(), "late@example.com")),
    );
    expect((await cohort()).enrolled_count).toBe(1);
    expect(fake().refunds).toEqual([]);
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
    const paid = fake().pay(lastSessionId(), "p@example.com");
    const reply = await deliver(mutate(signedEvent("checkout.session.completed", paid)));
    expect(reply.status).toBe(400);
    expect(await count("webhook_events")).toBe(0);
    expect(await count("payments")).toBe(0);
    expect((await cohort()).enrolled_count).toBe(0);
  });
});
