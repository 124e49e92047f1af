import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { stripeScenario } from "../../../tests/support/stripe-scenario";
import { releaseHold, startCheckout } from "./seats.server";

describe.each(testEngines())("checkouts and seat holds on $name", (engine) => {
  const { clock, services, fake, setCohort, count, start, lastSessionId } = stripeScenario(engine);

  it("creates the Stripe Checkout Session the issue describes", async () => {
    const result = await start();
    expect(result).toEqual({
      kind: "redirect",
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const request = fake().requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(request.form.get("mode")).toBe("payment");
    expect(request.form.get("line_items[0][price_data][unit_amount]")).toBe("64900");
    expect(request.form.get("customer_email")).toBe("buyer@example.com");
    expect(request.form.get("success_url")).toBe(
      "http://localhost:3000/payment-confirmation?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(request.form.get("cancel_url")).toBe("http://localhost:3000/enroll");
    const hold = await services().db.selectFrom("seat_holds").selectAll().executeTakeFirstOrThrow();
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

  it("reads the real session state from Stripe", async () => {
    await start();
    const id = lastSessionId();
    expect(await services().payments.retrieveSession(id)).toMatchObject({ state: "open" });
    fake().pay(id, "p@example.com");
    expect(await services().payments.retrieveSession(id)).toMatchObject({
      state: "paid",
      email: "p@example.com",
      amountCents: 64900,
    });
    expect(await services().payments.retrieveSession("cs_unknown")).toBeNull();
  });

  it("lets one buyer hold one seat: starting again releases the earlier hold", async () => {
    const buyer = { personId: null, email: "again@example.com", visitorId: "same-visitor" };
    for (let i = 0; i < 5; i++) await startCheckout(services(), services().payments, buyer);
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
    expect(await releaseHold(services(), { sessionId: lastSessionId() }, "released")).toBe(true);
    expect((await start()).kind).toBe("redirect");
  });
});
