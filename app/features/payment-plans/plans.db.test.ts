import { describe, expect, it } from "vitest";
import { setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { newPerson } from "~/features/people/people.server";
import { startCheckout } from "~/features/enrollment/seats.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { cohortFigures } from "~/features/enrollment/figures.server";
import { getCohort } from "~/features/cohort/cohort.server";
import { action as testCheckout } from "~/features/enrollment/routes/test-checkout";
import { action as planAction } from "./routes/plan-settings";
import { loader as personLoader } from "~/features/people/routes/person";
import { loader as cohortLoader } from "~/features/cohort/routes/cohort";
import { chargeDueInstalments } from "./charge-job.server";
import { outstandingPlanCents } from "./plans.server";
import { readPlanSettings } from "./plan-settings.server";
import type { OwnerPlan } from "./plan-owner.server";

const DAY = 86_400_000;
// 3 payments on $649 + $30 = $679: 22,634 + 22,633 + 22,633 cents.
const FIRST = 22_634;
const LATER = 22_633;

describe.each(testEngines())("a payment plan with the test provider, on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;

  async function offerPlan() {
    const saved = await owner.post(planAction, "/admin/payment-plan", {
      intent: "save",
      enabled: "on",
      payments: "3",
      surcharge: "30",
    });
    expect(saved.status).toBe(303);
  }

  /** A qualified applicant who chooses the plan and pays its first payment at the test checkout. */
  async function buyOnPlan(email = "sam@example.com", cardFails = false) {
    await setCurrentCohort(db(), { capacity: 5, enrolled_count: 0, start_date: "2027-03-01" });
    const row = newPerson(email, clock.now().toISOString(), {
      first_name: "Sam",
      status: "qualified",
    });
    await db().insertInto("people").values(row).execute();
    const start = await startCheckout(services(), services().payments, {
      personId: row.id,
      email,
      visitorId: `v-${row.id}`,
      plan: true,
    });
    if (start.kind !== "redirect") throw new Error(start.kind);
    const sessionId = start.url.split("/").at(-1)!;
    const fields = { intent: "pay", email, ...(cardFails ? { cardFails: "on" } : {}) };
    const paid = await callAction(
      testCheckout,
      formRequest(`/checkout/test/${sessionId}`, fields),
      makeContext(services()),
      { sessionId },
    ).then(unwrap);
    expect(paid.status).toBe(302);
    // The owner's console session lasts through the test, however far the clock goes.
    await db().updateTable("sessions").set({ expires_at: "2099-01-01T00:00:00.000Z" }).execute();
    return row.id;
  }

  const payment = (personId: string) =>
    db()
      .selectFrom("payments")
      .selectAll()
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();
  const instalments = () =>
    db().selectFrom("plan_instalments").selectAll().orderBy("number").execute();
  const plan = () => db().selectFrom("payment_plans").selectAll().executeTakeFirstOrThrow();
  const failedEmails = () =>
    db().selectFrom("outbox").select("text").where("kind", "=", "plan_payment_failed").execute();
  const personPlan = async (id: string) =>
    ((await owner.get(personLoader, `/admin/people/${id}`, { id })).body as { plan: OwnerPlan })
      .plan;

  it("saves the owner's terms, and refuses bad ones without changing anything", async () => {
    expect((await readPlanSettings(db())).enabled).toBe(false);
    await offerPlan();
    expect(await readPlanSettings(db())).toEqual({
      enabled: true,
      count: 3,
      surchargeCents: 3_000,
    });
    for (const bad of [
      { payments: "7", surcharge: "0" },
      { payments: "3", surcharge: "-5" },
    ]) {
      const refused = await owner.post(planAction, "/admin/payment-plan", {
        intent: "save",
        ...bad,
      });
      expect(refused.status).toBe(400);
    }
    expect(await readPlanSettings(db())).toEqual({
      enabled: true,
      count: 3,
      surchargeCents: 3_000,
    });
  });

  it("refuses the plan while the owner has not turned it on", async () => {
    await setCurrentCohort(db(), { capacity: 5, enrolled_count: 0 });
    const start = await startCheckout(services(), services().payments, {
      personId: null,
      email: "x@example.com",
      visitorId: "v",
      plan: true,
    });
    expect(start.kind).toBe("no_plan");
    expect(await db().selectFrom("seat_holds").selectAll().execute()).toEqual([]);
  });

  it("takes the seat with the first payment and charges each later one once, run twice or at once", async () => {
    await offerPlan();
    const id = await buyOnPlan();
    const cohort = await getCohort(db(), clock.now());
    expect(cohort.enrolledCount).toBe(1);
    expect((await payment(id)).amount_cents).toBe(FIRST);
    expect((await instalments()).map((i) => [i.number, i.amount_cents, i.status])).toEqual([
      [1, FIRST, "paid"],
      [2, LATER, "due"],
      [3, LATER, "due"],
    ]);
    expect(await outstandingPlanCents(db(), cohort.id)).toBe(2 * LATER);

    expect(await chargeDueInstalments(services())).toEqual({ charged: 0, failed: 0 });
    clock.advance(32 * DAY);
    await Promise.all([chargeDueInstalments(services()), chargeDueInstalments(services())]);
    await chargeDueInstalments(services());
    expect((await payment(id)).amount_cents).toBe(FIRST + LATER);
    expect((await instalments())[1]).toMatchObject({ status: "paid", attempts: 1 });
    clock.advance(31 * DAY);
    await chargeDueInstalments(services());
    await chargeDueInstalments(services());
    expect((await payment(id)).amount_cents).toBe(FIRST + 2 * LATER);
    expect((await plan()).status).toBe("completed");
    expect(await outstandingPlanCents(db(), cohort.id)).toBe(0);
    // Revenue counts what the plan brought in.
    const figures = await cohortFigures(db(), [cohort], clock.now(), "2027-01-01");
    expect(figures.get(cohort.id)?.revenueCents).toBe(FIRST + 2 * LATER);
  });

  it("on a failing card: emails once per try, past due, retries 3 times, then the owner decides", async () => {
    await offerPlan();
    const id = await buyOnPlan("sam@example.com", true);
    clock.advance(32 * DAY);
    await chargeDueInstalments(services());
    await chargeDueInstalments(services());
    expect((await plan()).status).toBe("past_due");
    expect(await failedEmails()).toHaveLength(1);
    expect((await failedEmails())[0]!.text).toContain(`/checkout/test-card/${(await plan()).id}`);
    expect((await instalments())[1]).toMatchObject({ status: "failed", attempts: 1 });
    const cohortId = (await plan()).cohort_id;
    const cohortPage = await owner.get(cohortLoader, `/admin/cohorts/${cohortId}`, {
      id: cohortId,
    });
    expect((cohortPage.body as { pastDue: { status: string }[] }).pastDue).toEqual([
      expect.objectContaining({ person_id: id, status: "past_due" }),
    ]);
    for (const days of [3, 5, 7]) {
      clock.advance(days * DAY);
      await chargeDueInstalments(services());
      await chargeDueInstalments(services());
    }
    expect((await instalments())[1]).toMatchObject({
      status: "failed",
      attempts: 4,
      next_attempt_at: null,
    });
    expect(await failedEmails()).toHaveLength(4);
    expect((await plan()).status).toBe("owner_decides");
    clock.advance(30 * DAY);
    await chargeDueInstalments(services());
    expect((await instalments())[2]).toMatchObject({ status: "due", attempts: 0 });
    // Nothing happened to the seat: the owner is proposed the policy's answer.
    expect(
      (
        await db()
          .selectFrom("people")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("enrolled");
    const view = await personPlan(id);
    expect(view.status).toBe("owner_decides");
    // A third paid, before the start (the full-refund weeks): withdraw with what was paid back.
    expect(view.proposal).toEqual({ action: "withdraw", refundCents: FIRST });

    const decided = await owner.post(planAction, "/admin/payment-plan", {
      intent: "withdraw",
      id: view.id,
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get("location")).toBe(`/admin/people/${id}`);
    expect((await payment(id)).status).toBe("refunded");
    expect(await plan()).toMatchObject({ status: "cancelled", decision: "withdraw" });
    expect((await instalments()).slice(1).map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
    expect(await outstandingPlanCents(db(), cohortId)).toBe(0);
    const again = await owner.post(planAction, "/admin/payment-plan", {
      intent: "keep",
      id: view.id,
    });
    expect(again.status).toBe(303);
    expect((await plan()).decision).toBe("withdraw");
  });

  it("keeps the seat when the owner says so, and charges nothing more", async () => {
    await offerPlan();
    const id = await buyOnPlan("sam@example.com", true);
    clock.advance(32 * DAY);
    for (const days of [0, 3, 5, 7]) {
      clock.advance(days * DAY);
      await chargeDueInstalments(services());
    }
    const view = await personPlan(id);
    await owner.post(planAction, "/admin/payment-plan", { intent: "keep", id: view.id });
    expect(await plan()).toMatchObject({ status: "cancelled", decision: "keep" });
    expect((await payment(id)).status).toBe("paid");
    expect((await payment(id)).amount_cents).toBe(FIRST);
  });

  it("refunds at most what the plan brought in and cancels the payments left", async () => {
    await offerPlan();
    const id = await buyOnPlan();
    clock.advance(32 * DAY);
    await chargeDueInstalments(services());
    const result = await refundEnrollment(services(), "boss@example.com", id, "changed plans", {
      amountCents: 100_000,
    });
    expect(result).toBe("refunded");
    expect((await payment(id)).status).toBe("refunded");
    expect((await instalments()).map((i) => i.status)).toEqual(["paid", "paid", "cancelled"]);
    clock.advance(40 * DAY);
    await chargeDueInstalments(services());
    expect((await payment(id)).amount_cents).toBe(FIRST + LATER);
    const audit = await db()
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "enrollment.refund")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details as string)).toMatchObject({ refundedCents: FIRST + LATER });
  });
});
