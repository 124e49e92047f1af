import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { stripeScenario } from "../../../tests/support/stripe-scenario";
import { startCheckout } from "~/features/enrollment/seats.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { savePlanSettings } from "./plan-settings.server";

// 3 payments of ($649 + $26) / 3 = $225.
const EACH = 22_500;

describe.each(testEngines())("a payment plan on Stripe, on $name", (engine) => {
  const { services, fake, cohort, count, lastSessionId, signedEvent, deliver } =
    stripeScenario(engine);
  const db = () => services().db;

  async function paidPlan() {
    const nowIso = services().clock.now().toISOString();
    await savePlanSettings(db(), { enabled: true, count: 3, surchargeCents: 2_600 }, nowIso);
    const start = await startCheckout(services(), services().payments, {
      personId: null,
      email: "buyer@example.com",
      visitorId: "v-plan",
      plan: true,
    });
    expect(start.kind).toBe("redirect");
    const created = fake().requests.find((r) => r.path === "/v1/checkout/sessions")!.form;
    expect(created.get("mode")).toBe("subscription");
    expect(created.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(created.get("line_items[0][price_data][unit_amount]")).toBe(String(EACH));
    const session = fake().pay(lastSessionId(), "buyer@example.com");
    const completed = signedEvent("checkout.session.completed", session, { id: "evt_done" });
    await deliver(completed);
    await deliver(completed);
    return session.subscription!;
  }
  const invoice = (id: string, subscription: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: "invoice",
    billing_reason: "subscription_cycle",
    parent: { type: "subscription_details", subscription_details: { subscription } },
    attempt_count: 1,
    next_payment_attempt: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/${id}`,
    ...extra,
  });
  const plan = () => db().selectFrom("payment_plans").selectAll().executeTakeFirstOrThrow();
  const paidCents = async () =>
    Number(
      (await db().selectFrom("payments").select("amount_cents").executeTakeFirstOrThrow())
        .amount_cents,
    );

  it("takes the seat with the first invoice and ends the subscription after the third", async () => {
    const subscription = await paidPlan();
    expect((await cohort()).enrolled_count).toBe(1);
    expect(await plan()).toMatchObject({ subscription_id: subscription, status: "active" });
    expect(await paidCents()).toBe(EACH);
    const update = fake().requests.find((r) => /^\/v1\/subscription_schedules\/.+/.test(r.path))!;
    expect(update.form.get("end_behavior")).toBe("cancel");
    expect(update.form.get("phases[0][duration][interval]")).toBe("month");
    expect(update.form.get("phases[0][duration][interval_count]")).toBe("3");

    const nextTry = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const failed = signedEvent(
      "invoice.payment_failed",
      invoice("in_2", subscription, { next_payment_attempt: nextTry }),
      { id: "evt_fail" },
    );
    await deliver(failed);
    await deliver(failed);
    expect((await plan()).status).toBe("past_due");
    const emails = await db()
      .selectFrom("outbox")
      .select("text")
      .where("kind", "=", "plan_payment_failed")
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain("https://invoice.stripe.com/i/in_2");

    const paid = signedEvent("invoice.paid", invoice("in_2", subscription), { id: "evt_paid2" });
    await deliver(paid);
    await deliver(paid);
    expect(await paidCents()).toBe(2 * EACH);
    expect((await plan()).status).toBe("active");
    await deliver(signedEvent("invoice.paid", invoice("in_3", subscription), { id: "evt_paid3" }));
    expect(await paidCents()).toBe(3 * EACH);
    expect((await plan()).status).toBe("completed");
    await deliver(
      signedEvent("customer.subscription.deleted", { id: subscription, object: "subscription" }),
    );
    expect((await plan()).status).toBe("completed");
    expect(await count("webhook_events")).toBe(5);
  });

  it("hands the plan to the owner when Stripe ends it unpaid", async () => {
    const subscription = await paidPlan();
    await deliver(
      signedEvent("invoice.payment_failed", invoice("in_2", subscription, { attempt_count: 4 })),
    );
    expect((await plan()).status).toBe("owner_decides");
    await deliver(
      signedEvent("customer.subscription.deleted", { id: subscription, object: "subscription" }),
    );
    expect((await plan()).status).toBe("owner_decides");
  });

  it("refunds each paid invoice and cancels the subscription", async () => {
    const subscription = await paidPlan();
    await deliver(signedEvent("invoice.paid", invoice("in_2", subscription)));
    fake().invoices.push(
      { id: "in_1", object: "invoice", subscription, amount_paid: EACH },
      { id: "in_2", object: "invoice", subscription, amount_paid: EACH },
    );
    const person = await db().selectFrom("people").select("id").executeTakeFirstOrThrow();
    expect(await refundEnrollment(services(), "boss@example.com", person.id, "changed plans")).toBe(
      "refunded",
    );
    expect(fake().cancelled).toEqual([subscription]);
    expect([...fake().refunds].sort()).toEqual(["pi_in_1", "pi_in_2"]);
    expect((await plan()).status).toBe("cancelled");
  });
});
