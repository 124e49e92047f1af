import { createAccount, fillLogin, openAdmin } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { payingStudent, signInToPortal } from "./mentor-support";
import { gotMail, newBrowser } from "./people";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * Leaving the programme (issue 36, item 1): a student in week 2 (after the first week) asks to
 * leave from the portal; the owner approves it from the person page; the payment is refunded in
 * full and the student's portal session has ended. Plain posts on the portal (no framework
 * JavaScript there).
 */

const SITE_ZONE = "America/New_York";

/** The Monday of the week before this one, in the site's zone: today is in programme week 2. */
function lastWeeksMonday(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: SITE_ZONE }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 7 - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** A date a month from now, so the cohort is still on sale when the student pays. */
function nextMonth(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 30);
  return day.toISOString().slice(0, 10);
}

test.describe("leaving the programme", () => {
  test.describe.configure({ timeout: 300_000 });

  test("a student in week 2 asks to leave, the owner approves, the payment is refunded", async ({
    browser,
  }) => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: nextMonth() });
    const email = uniqueEmail("leaver");
    const personId = await payingStudent(browser, email);
    // The cohort started last week: today is in week 2, so leaving is a full refund.
    await setCohort({ start_date: lastWeeksMonday() });

    const student = await newBrowser(browser);
    await signInToPortal(student, email);
    await student.getByRole("link", { name: "Leaving the program" }).click();
    await expect(student).toHaveURL(/\/portal\/leave$/);
    await expect(student.locator("[data-rule-today]")).toHaveAttribute(
      "data-rule-today",
      "full_refund",
    );
    await expect(student.locator("[data-rule-today]")).toContainText(
      "tell us by the end of week 2 and you get a full refund.",
    );
    await expectNoAxeViolations(student);
    // Refused without a reason: said under the field, nothing sent.
    await student.getByLabel("I want to leave the program").check();
    await student.getByRole("button", { name: "Send my request" }).click();
    await expect(student.locator("[id$='-reason-error']")).toHaveText("Please tell us why");
    await student.getByLabel("I want to leave the program").check();
    await student.getByLabel(/Why\?/).fill("The program is not for me after all.");
    await student.getByRole("button", { name: "Send my request" }).click();
    await expect(student.getByText("Request sent")).toBeVisible();
    await expect(student.locator("[data-withdrawal]")).toHaveAttribute(
      "data-withdrawal",
      "requested",
    );
    await expect(
      student.getByText("Rule that applies: Full refund (up to the end of week 2)."),
    ).toBeVisible();
    await gotMail(email, "We received your request to leave");

    // The owner decides on the person page.
    const ownerEmail = uniqueEmail("leave-owner");
    await createAccount(ownerEmail, true);
    const owner = await newBrowser(browser);
    // Signing in hashes the password (scrypt): slow on a loaded machine, hence the longer wait.
    await openAdmin(owner);
    await fillLogin(owner, ownerEmail);
    await owner.getByRole("button", { name: "Login" }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "Cohort Settings" })).toBeVisible({
      timeout: 30_000,
    });
    await owner.goto(`/admin/people/${personId}`);
    const card = owner.getByRole("region", { name: "Request to leave" });
    await expect(card).toContainText("The program is not for me after all.");
    await expect(card).toContainText("Full refund (up to the end of week 2)");
    await expect(card).toContainText("The cohort has started: approving leaves the seat empty.");
    await expect(card).toContainText("Approving refunds the full $649");
    // Week 2: week 1 has ended, so one 1-on-1 is owed so far, whatever was booked.
    await expect(card.getByTestId("followed-so-far")).toHaveText(
      /^1-on-1s held 0 of 1 owed so far \(one for each week ended\); group sessions attended 0 of \d+ held\.$/,
    );
    // The plain refund says the same of the seat: it stays (the cohort has started).
    const refund = owner.getByRole("region", { name: "Refund enrollment" });
    await expect(refund).toContainText("the seat stays taken and nobody is offered it");
    await expect(refund.getByRole("button", { name: "Refund", exact: true })).toBeVisible();
    await expectNoAxeViolations(owner);
    await card.getByRole("button", { name: "Approve and refund" }).click();
    // It asks first, saying what will happen; nothing is refunded until the owner says yes.
    await expect(card.getByRole("alert")).toContainText(
      "refund $649? Their portal closes and they are emailed; this cannot be undone.",
    );
    await expectNoAxeViolations(owner);
    await card.getByRole("button", { name: "Approve and refund $649 now" }).click();
    await expect(owner.getByText("Request approved: $649 refunded")).toBeVisible();
    await expect(card.locator("[data-refunded]")).toHaveText("$649");
    // The person's payments say so too.
    await expect(owner.getByRole("region", { name: "Payments" })).toContainText("Refunded");

    const payment = await withDb((db) =>
      db
        .selectFrom("payments")
        .select(["status"])
        .where("person_id", "=", personId)
        .executeTakeFirstOrThrow(),
    );
    expect(payment.status).toBe("refunded");
    await gotMail(email, "Your request to leave the program is approved");

    // The student's portal session has ended: the page asks them to sign in again.
    await student.goto("/portal/leave");
    await expect(student).toHaveURL(/\/portal$/);
    await expect(student.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();
    const sessions = await withDb((db) =>
      db
        .selectFrom("portal_sessions")
        .select("person_id")
        .where("person_id", "=", personId)
        .execute(),
    );
    expect(sessions).toHaveLength(0);
  });
});
