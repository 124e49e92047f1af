import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { applyAs, gotMail, newBrowser, payOnTestCheckout } from "./people";
import { mailTo, releaseAllHolds, setCohort, storedCohort, uniqueEmail, withDb } from "./support";

const OWNER = `owner.cohorts.${Date.now()}@example.com`;

test.describe("the owner's cohort console", () => {
  // Several browsers and the worker's cycles: slow on a busy two-CPU machine.
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async () => await createAccount(OWNER, true));
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 0, enrolled_count: 0, is_active: 1, start_date: "2027-01-11" });
  });

  test("the owner runs the queue and opens the next cohort", async ({ browser }) => {
    const [b, c] = ["console-b", "console-c"].map(uniqueEmail) as [string, string];
    // Both agree to cohort news: "Enrollment is open" is marketing mail.
    for (const email of [b, c]) {
      await expect(await applyAs(browser, email, { tips: true })).toHaveURL(
        /\/apply\?result=cohort_full$/,
      );
    }

    const owner = await newBrowser(browser);
    await logIn(owner, OWNER);
    await owner.getByRole("link", { name: "Cohorts", exact: true }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "Cohorts" })).toBeVisible();
    await expectNoAxeViolations(owner);

    // A capacity the server refuses is shown in place; a good one creates the next cohort.
    const create = owner.getByRole("region", { name: "Create the next cohort" });
    await create.getByLabel("Capacity").fill("10001");
    await create.getByRole("button", { name: "Create cohort" }).click();
    await expect(create.getByText("Please enter a capacity of at most 10000")).toBeVisible();
    await create.getByLabel("Start date").fill("2027-03-01");
    await create.getByLabel("Capacity").fill("5");
    await create.getByRole("button", { name: "Create cohort" }).click();
    await expect(owner.getByText("Cohort created.")).toBeVisible();

    // The current cohort's queue: C moves ahead of B, then B is removed.
    await owner.getByRole("link", { name: "Monday, January 11, 2027" }).click();
    await expect(owner.getByRole("heading", { level: 1 })).toHaveText(
      "Cohort starting Monday, January 11, 2027",
    );
    await expectNoAxeViolations(owner);
    const rows = owner.getByTestId("queue-row");
    await expect(rows).toHaveCount(2);
    await rows.nth(1).getByRole("button", { name: "Move up" }).click();
    await expect(owner.getByText("Moved up the queue.")).toBeVisible();
    await expect(rows.nth(0)).toContainText(c);
    await rows.nth(1).getByRole("button", { name: "Remove" }).click();
    await expect(owner.getByText("Removed from the queue.")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(c);

    // Making the next cohort current emails the waitlist and offers its seats to the queue.
    await owner.getByRole("link", { name: "Cohorts", exact: true }).click();
    const next = owner.getByTestId("cohort-row").filter({ hasText: "Monday, March 1, 2027" });
    await next.getByRole("button", { name: "Make current" }).click();
    await expect(owner.getByText("This cohort is now current.")).toBeVisible();
    await gotMail(c, "Enrollment is open");
    await gotMail(c, "A seat has opened up");
    expect((await mailTo(b)).some((m) => m.includes("A seat has opened up"))).toBe(false);
    expect((await storedCohort()).start_date).toBe("2027-03-01");
  });

  test("the owner refunds an enrollment and the seat goes to the next in line", async ({
    browser,
  }) => {
    await setCohort({ capacity: 1 });
    const [a, d] = ["refund-a", "refund-d"].map(uniqueEmail) as [string, string];
    const pageA = await applyAs(browser, a);
    await expect(pageA).toHaveURL(/\/enroll$/);
    await payOnTestCheckout(pageA);
    await expect(await applyAs(browser, d)).toHaveURL(/\/apply\?result=cohort_full$/);

    const person = await withDb((db) =>
      db.selectFrom("people").select("id").where("email", "=", a).executeTakeFirstOrThrow(),
    );
    const owner = await newBrowser(browser);
    await logIn(owner, OWNER);
    await owner.goto(`/admin/people/${person.id}`);
    const refund = owner.getByRole("region", { name: "Refund enrollment" });
    await refund.getByLabel("Reason for the refund").fill("Moved abroad");
    await refund.getByRole("button", { name: "Refund and free the seat" }).click();
    const confirm = owner.getByRole("region", { name: "Confirm the refund" });
    await expect(confirm).toContainText(
      'Refund $649 to Ada Lovelace and free their seat? Reason: "Moved abroad".',
    );
    await confirm.getByRole("button", { name: "Refund $649 now" }).click();
    await expect(owner.getByText("Enrollment refunded.")).toBeVisible();
    await expect(owner.getByRole("region", { name: "Refund enrollment" })).toHaveCount(0);
    await gotMail(a, "has been refunded");
    await gotMail(d, "A seat has opened up");
    expect((await storedCohort()).enrolled_count).toBe(0);
  });
});
