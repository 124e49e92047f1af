import {
  planConsole,
  planOffer,
  planSettingsPage as t,
  testCardPage,
  testPlanCheckout,
} from "../../app/features/payment-plans/plans.words";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { personId } from "./mentor-support";
import { submitApplication } from "./people";
import {
  decodedMail,
  mailTo,
  releaseAllHolds,
  setCohort,
  storedCohort,
  uniqueEmail,
  withDb,
} from "./support";
import { hasJava, validate } from "./validator";

/**
 * The payment plan (issue 49, decision 0070): the owner offers 3 monthly payments with a
 * surcharge; a student on a phone pays the first with a card that fails later; the plan-payments
 * job (every 200 ms on the e2e server) charges the second once it falls due, it fails, the
 * student is emailed a link to update their card, and the owner sees "past due" on the person
 * page and the cohort page. Every page has no axe violations and is valid HTML.
 */

const OWNER = uniqueEmail("plan-owner");
// $649 + $26 over 3 payments: $225 each.
const SURCHARGE = "26";
const EACH = "$225";

test.describe("payment plan", () => {
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
    await createAccount(OWNER, true);
  });
  // Other specs of this worker find /enroll as it is by default: no plan offered.
  test.afterEach(async () => {
    await withDb((db) =>
      db.updateTable("payment_plan_settings").set({ enabled: 0 }).where("id", "=", 1).execute(),
    );
  });

  test("the owner offers a plan; a student pays the first payment on a phone; the second fails and the owner sees it past due", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const pages = new Map<string, string>();

    // The owner turns the plan on: 3 payments, a $26 surcharge (a refused count first).
    await logIn(page, OWNER);
    await page.goto("/admin/payment-plan");
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(t.enabled).check();
    await page.getByLabel(t.payments).fill("9");
    await page.getByLabel(t.surcharge).fill(SURCHARGE);
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.validation.payments).first()).toBeVisible();
    await page.getByLabel(t.payments).fill("3");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page.getByLabel(t.enabled)).toBeChecked();
    await expect(page.locator("main")).toContainText(t.example(3, EACH, "$675"));
    await expectNoAxeViolations(page);
    pages.set("/admin/payment-plan", await (await page.request.get("/admin/payment-plan")).text());

    // A new applicant on a phone qualifies and chooses the plan.
    const email = uniqueEmail("plan-student");
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const student = await phone.newPage();
    await submitApplication(student, email);
    await expect(student).toHaveURL(/\/enroll$/);
    const planButton = student.getByRole("button", {
      name: planOffer.button(3, [22500, 22500, 22500]),
    });
    await expect(planButton).toBeVisible();
    await expect(student.locator("#plan-detail")).toHaveText(
      planOffer.detail(3, [22500, 22500, 22500], 67500, 2600),
    );
    // The full price is still offered, and nothing is wider than the phone.
    await expect(student.getByRole("button", { name: "Enroll Now for $649" })).toBeVisible();
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoAxeViolations(student);
    pages.set("/enroll (plan offered)", await (await student.request.get("/enroll")).text());
    await planButton.click();

    // The test checkout charges the first payment; its test-only box makes the card fail later.
    await expect(student).toHaveURL(/\/checkout\/test\//);
    await expect(student.locator("main")).toContainText(testPlanCheckout.planNote(3, EACH));
    await expectNoAxeViolations(student);
    pages.set(
      "/checkout/test/:sessionId (plan)",
      await (await student.request.get(student.url())).text(),
    );
    await student.getByLabel(testPlanCheckout.cardFails).check();
    await student.getByRole("button", { name: `Pay ${EACH}` }).click();
    await expect(student.getByRole("heading", { name: "You're In!" })).toBeVisible();
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // Enrolled: the seat is taken, the payment so far is the first instalment, the plan active.
    expect((await storedCohort()).enrolled_count).toBe(1);
    const id = await personId(email);
    const plan = await withDb((db) =>
      db
        .selectFrom("payment_plans")
        .innerJoin("payments", "payments.id", "payment_plans.payment_id")
        .select([
          "payment_plans.id",
          "payment_plans.status",
          "payment_plans.payments",
          "payment_plans.total_cents",
          "payment_plans.test_card_fails",
          "payments.status as paymentStatus",
          "payments.amount_cents",
        ])
        .where("payment_plans.person_id", "=", id)
        .executeTakeFirstOrThrow(),
    );
    expect(plan).toMatchObject({ status: "active", paymentStatus: "paid" });
    expect(Number(plan.payments)).toBe(3);
    expect(Number(plan.total_cents)).toBe(67500);
    expect(Number(plan.amount_cents)).toBe(22500);
    expect(Number(plan.test_card_fails)).toBe(1);

    // The second payment falls due: the job charges it and the card fails.
    const dueNow = new Date(Date.now() - 60_000).toISOString();
    await withDb((db) =>
      db
        .updateTable("plan_instalments")
        .set({ due_at: dueNow, next_attempt_at: dueNow })
        .where("plan_id", "=", plan.id)
        .where("number", "=", 2)
        .execute(),
    );
    const instalment = () =>
      withDb((db) =>
        db
          .selectFrom("plan_instalments")
          .innerJoin("payment_plans", "payment_plans.id", "plan_instalments.plan_id")
          .select([
            "plan_instalments.status",
            "plan_instalments.attempts",
            "plan_instalments.next_attempt_at",
            "payment_plans.status as planStatus",
          ])
          .where("plan_instalments.plan_id", "=", plan.id)
          .where("plan_instalments.number", "=", 2)
          .executeTakeFirstOrThrow(),
      );
    await expect.poll(async () => (await instalment()).status, { timeout: 15_000 }).toBe("failed");
    const failed = await instalment();
    expect(failed.planStatus).toBe("past_due");
    expect(Number(failed.attempts)).toBe(1);
    // Retried 3 days later, not at once: the job does not charge it again.
    expect(new Date(failed.next_attempt_at!).getTime()).toBeGreaterThan(
      Date.now() + 2 * 86_400_000,
    );
    // Still enrolled: nothing happens to the seat while the payment is retried.
    expect((await storedCohort()).enrolled_count).toBe(1);

    // The student is emailed a link to update their card.
    const cardUrl = `/checkout/test-card/${plan.id}`;
    await expect
      .poll(
        async () =>
          (await mailTo(email)).some((m) => {
            const mail = decodedMail(m);
            return mail.includes("payment 2 of 3") && mail.includes(cardUrl);
          }),
        { timeout: 15_000 },
      )
      .toBe(true);

    // The owner sees "past due" on the person page and the cohort page.
    await page.goto(`/admin/people/${id}`);
    const status = page.locator("[data-plan-status]");
    await expect(status).toHaveText(planConsole.pastDue);
    await expect(status).toHaveAttribute("data-plan-status", "past_due");
    await expect(page.locator("main")).toContainText(planConsole.summary(1, 3, 22500, 67500));
    await expectNoAxeViolations(page);
    pages.set(
      "/admin/people/:id (plan past due)",
      await (await page.request.get(page.url())).text(),
    );
    const cohort = await withDb((db) =>
      db.selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
    );
    await page.goto(`/admin/cohorts/${cohort.id}`);
    const pastDue = page.getByTestId("past-due-plans").locator("li", {
      has: page.locator(`a[href="/admin/people/${id}"]`),
    });
    await expect(pastDue).toContainText(planConsole.pastDue);
    await expectNoAxeViolations(page);

    // The email's link: the test stand-in for updating the card charges the failed payment.
    await student.goto(cardUrl);
    await expect(
      student.getByRole("heading", { level: 1, name: testCardPage.title }),
    ).toBeVisible();
    await expect(student.locator("main")).toContainText(testCardPage.intro(EACH));
    await expectNoAxeViolations(student);
    pages.set("/checkout/test-card/:planId", await (await student.request.get(cardUrl)).text());
    await student.getByRole("button", { name: testCardPage.submit }).click();
    await expect(student.getByText(testCardPage.nothingDue)).toBeVisible();
    await expect.poll(async () => (await instalment()).status).toBe("paid");
    await page.goto(`/admin/people/${id}`);
    await expect(status).toHaveAttribute("data-plan-status", "active");
    await expect(page.locator("main")).toContainText(planConsole.summary(2, 3, 45000, 67500));
    await phone.close();

    if (hasJava) expect(validate(pages)).toEqual([]);
  });
});
