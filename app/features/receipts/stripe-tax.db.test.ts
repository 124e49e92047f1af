import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { stripeScenario } from "../../../tests/support/stripe-scenario";
import { createStripeClient, stripeProvider } from "~/features/payments/stripe-provider.server";

// Stripe Tax (decision 0069): the Checkout Session asks for it only when the owner turned it on,
// and the receipt's tax is what Stripe reported on the paid session, never computed here.
describe.each(testEngines())("Stripe Tax on the receipt on $name", (engine) => {
  const { services, fake, start, lastSessionId, signedEvent, deliver } = stripeScenario(engine);

  const taxOf = async () =>
    (await services().db.selectFrom("payments").select("tax_cents").executeTakeFirstOrThrow())
      .tax_cents;

  it("asks Checkout for automatic tax only when STRIPE_AUTOMATIC_TAX is on", async () => {
    await start();
    const plain = fake().requests.find((r) => r.path === "/v1/checkout/sessions");
    expect(plain?.form.has("automatic_tax[enabled]")).toBe(false);

    const stripe = createStripeClient({ secretKey: "sk_test_123", apiBase: fake().url });
    await stripeProvider(stripe, { automaticTax: true }).createCheckout({
      holdId: "hold-tax",
      personId: null,
      amountCents: 64_900,
      email: "buyer@example.com",
      expiresAt: new Date(Date.now() + 3_600_000),
      successUrl: "http://localhost:3000/payment-confirmation",
      cancelUrl: "http://localhost:3000/enroll",
    });
    const taxed = fake().requests.at(-1)!;
    expect(taxed.form.get("automatic_tax[enabled]")).toBe("true");
    // Checkout collects the address Stripe Tax needs itself: no customer is passed.
    expect(taxed.form.has("customer")).toBe(false);
  });

  it("stores the tax Stripe calculated on a session with automatic tax, every delivery alike", async () => {
    await start();
    const session = {
      ...fake().pay(lastSessionId(), "payer@example.com"),
      amount_total: 67_000,
      automatic_tax: { enabled: true, status: "complete" },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 2_100 },
    };
    const event = signedEvent("checkout.session.completed", session, { id: "evt_tax" });
    expect((await deliver(event)).status).toBe(200);
    expect(await taxOf()).toBe(2_100);
    expect((await deliver(event)).status).toBe(200);
    expect(await taxOf()).toBe(2_100);
  });

  it("stores no tax for a session without automatic tax, so the receipt prints none", async () => {
    await start();
    const session = {
      ...fake().pay(lastSessionId(), "payer@example.com"),
      automatic_tax: { enabled: false, status: null },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    };
    await deliver(signedEvent("checkout.session.completed", session));
    expect(await taxOf()).toBeNull();
  });
});
