import { currentCohortRow } from "../../../../tests/support/cohort";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../../../tests/support/databases";
import { useTestServices } from "../../../../tests/support/suite";
import { callAction, formRequest, makeContext, unwrap } from "../../../../tests/support/context";
import { releaseHold, startCheckout } from "~/features/enrollment/seats.server";
import { action } from "./test-checkout";

describe.each(testEngines())("test checkout on $name", (engine) => {
  const t = useTestServices(engine, { perTest: true });

  async function openSession() {
    const start = await startCheckout(t.services, t.services.payments, {
      personId: null,
      email: null,
      visitorId: "v1",
    });
    if (start.kind !== "redirect") throw new Error("no seat");
    return start.url.split("/").at(-1)!;
  }
  const pay = (sessionId: string, email = "payer@example.com") =>
    callAction(
      action,
      formRequest(`/checkout/test/${sessionId}`, { intent: "pay", email }),
      makeContext(t.services),
      {
        sessionId,
      },
    ).then(unwrap);
  const enrolled = async () => (await currentCohortRow(t.services.db))?.enrolled_count;

  it("pays through the same fulfillment as a real provider and goes to the confirmation", async () => {
    const sessionId = await openSession();
    const result = await pay(sessionId, "Payer@Example.com");
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe(`/payment-confirmation?session_id=${sessionId}`);
    expect(await enrolled()).toBe(1);
    const payment = await t.services.db
      .selectFrom("payments")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ provider: "test", status: "paid", email: "payer@example.com" });
  });

  it("refuses to pay a cancelled session (Back after Cancel) and writes nothing", async () => {
    const sessionId = await openSession();
    await releaseHold(t.services, { sessionId }, "released");
    const result = await pay(sessionId);
    expect(result.status).toBe(410);
    expect(await enrolled()).toBe(0);
    expect(await t.services.db.selectFrom("payments").selectAll().execute()).toEqual([]);
  });

  it("refuses a bad receipt email", async () => {
    const sessionId = await openSession();
    expect((await pay(sessionId, "not-an-email")).status).toBe(400);
    expect(await enrolled()).toBe(0);
  });
});
