import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  fillApplication,
  mailTo,
  releaseAllHolds,
  setCohort,
  uniqueEmail,
  storedCohort,
} from "./support";

test.describe("enrolment", () => {
  test.beforeEach(async () => {
    await releaseAllHolds();
    // 2027-01-13 is a Wednesday: the start week is the week of January 11.
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  });

  test("a qualified applicant pays with the test provider and sees the confirmation", async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail("payer");
    await page.goto("/apply");
    await fillApplication(page, { email });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/enroll$/);

    await expect(page.getByText("Program starts")).toBeVisible();
    await expect(page.getByTestId("program-starts")).toHaveText("the week of January 11");
    for (const text of ["$1,500", "$500", "$300", "$200", "$3,000", "$2,351", "$649", "30-day"]) {
      await expect(page.locator("main")).toContainText(text);
    }
    await expect(page.getByRole("link", { name: /Back to Application/ })).toHaveAttribute(
      "href",
      "/apply",
    );
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();

    await expect(page).toHaveURL(/\/checkout\/test\//);
    await expect(page.getByRole("note")).toContainText("TEST MODE");
    await expect(page.getByLabel("Email for the receipt")).toHaveValue(email);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Pay $649" }).click();

    await expect(page).toHaveURL(/\/payment-confirmation\?session_id=/);
    await expect(page.getByRole("heading", { name: "You're In!" })).toBeVisible();
    await expect(page.getByTestId("cohort-start")).toHaveText("We start the week of January 11.");
    await expect(page.locator("main")).toContainText(email);
    await expect(page.locator("main")).toContainText("within 24 hours");
    await expectNoAxeViolations(page);

    const cohort = await storedCohort();
    expect(cohort.enrolled_count).toBe(1);
    await expect.poll(() => mailTo(email).some((m) => m.includes("You're in"))).toBe(true);

    // Reloading the confirmation page does not enrol twice.
    await page.reload();
    await expect(page.getByRole("heading", { name: "You're In!" })).toBeVisible();
    expect((await storedCohort()).enrolled_count).toBe(1);

    await page.getByRole("link", { name: "View Program Details" }).click();
    await expect(page).toHaveURL(/\/#program$/);
    await expect(page.locator("#program")).toBeInViewport();
    expect(consoleErrors).toEqual([]);
  });

  test("cancel on the test checkout returns to /enroll and frees the seat", async ({ page }) => {
    await setCohort({ capacity: 1, enrolled_count: 0 });
    await page.goto("/enroll");
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/enroll$/);
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
  });

  test("when the last seat is held while a buyer reads the page, they are asked to try again shortly", async ({
    page,
    browser,
  }) => {
    await setCohort({ capacity: 1, enrolled_count: 0 });
    await page.goto("/enroll");
    const other = await browser.newPage();
    await other.goto("/enroll");
    await other.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(other).toHaveURL(/\/checkout\/test\//);
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "All seats are being checked out" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/enroll$/);
    // Opening the page while every seat is held (or offered) sends them to the application.
    await page.goto("/enroll");
    await expect(page).toHaveURL(/\/apply$/);
    await other.close();
  });

  test("when the last seat is paid while a buyer reads the page, they land on the cohort-full notice", async ({
    page,
  }) => {
    await setCohort({ capacity: 1, enrolled_count: 0 });
    await page.goto("/enroll");
    await setCohort({ capacity: 1, enrolled_count: 1 });
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(page).toHaveURL(/\/apply\?cohort=full$/);
    await expect(page.getByRole("status")).toContainText("The current cohort just filled up");
    await expect(page.getByRole("button", { name: "Submit Application" })).toBeVisible();
  });

  test("an enrolled student is not offered a second checkout", async ({ page }) => {
    const email = uniqueEmail("twice");
    await page.goto("/apply");
    await fillApplication(page, { email });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();
    await page.getByRole("button", { name: "Pay $649" }).click();
    await expect(page.getByRole("heading", { name: "You're In!" })).toBeVisible();
    await page.goto("/enroll");
    await expect(page.getByRole("status")).toContainText("You're already enrolled");
    await expect(page.getByRole("button", { name: "Enroll Now for $649" })).toHaveCount(0);
  });

  test("a full or inactive cohort redirects /enroll to /apply", async ({ page }) => {
    await setCohort({ capacity: 3, enrolled_count: 3 });
    await page.goto("/enroll");
    await expect(page).toHaveURL(/\/apply$/);
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 0 });
    await page.goto("/enroll");
    await expect(page).toHaveURL(/\/apply$/);
  });

  test("the confirmation page never trusts the URL alone", async ({ page }) => {
    await page.goto("/payment-confirmation?session_id=cs_localtest_made-up");
    await expect(
      page.getByRole("heading", { name: "We couldn't find that payment" }),
    ).toBeVisible();
    await expect(page.getByText("You're In!")).toHaveCount(0);
    await page.goto("/payment-confirmation");
    await expect(
      page.getByRole("heading", { name: "We couldn't find that payment" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
