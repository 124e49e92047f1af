import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { submitApplication } from "./people";
import {
  fillApplication,
  mailTo,
  releaseAllHolds,
  setCohort,
  uniqueEmail,
  storedCohort,
  withDb,
  decodedMail,
} from "./support";

/** Applies as a new qualified applicant in this browser, which lands on /enroll. */
async function qualify(page: Page, email = uniqueEmail("buyer")) {
  await submitApplication(page, email);
  await expect(page).toHaveURL(/\/enroll$/);
  return email;
}

test.describe("enrollment", () => {
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
    await expect(page.getByRole("link", { name: "Read the full terms" })).toHaveAttribute(
      "href",
      "/terms",
    );
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
    await expect
      .poll(async () => (await mailTo(email)).some((m) => m.includes("You're in")))
      .toBe(true);

    // Reloading the confirmation page does not enroll twice.
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
    await qualify(page);
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
    await qualify(page);
    const other = await browser.newPage();
    await qualify(other);
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
    await qualify(page);
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

  test("a visitor who has not qualified holds nothing: Enroll Now asks them to apply", async ({
    page,
  }) => {
    await page.goto("/enroll");
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Apply first" })).toBeVisible();
    await expect(page).toHaveURL(/\/enroll$/);
    await expect
      .poll(async () =>
        withDb(
          async (db) =>
            (await db.selectFrom("seat_holds").select("id").where("status", "=", "held").execute())
              .length,
        ),
      )
      .toBe(0);
  });

  test("applying with an address already on file from another browser sends the link by email", async ({
    page,
    browser,
  }) => {
    const email = await qualify(page);
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto("/apply");
    await fillApplication(stranger, { email });
    await stranger.getByRole("button", { name: "Submit Application" }).click();
    await expect(stranger).toHaveURL(/\/apply\?result=check_email$/);
    await expect(stranger.getByRole("status")).toContainText("Check your email");
    await expectNoAxeViolations(stranger);
    await stranger.goto("/enroll");
    await stranger.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(stranger.locator("[data-toast]").filter({ hasText: "Apply first" })).toBeVisible();

    // The owner of the address opens the emailed link on another device and can enroll.
    await expect.poll(async () => (await mailTo(email)).length).toBe(2);
    const mail = decodedMail((await mailTo(email)).at(-1)!);
    const link = /http:\/\/localhost:\d+(\/enroll\?link=[\w.-]+)/.exec(mail)![1]!;
    const phone = await (await browser.newContext()).newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/enroll$/);
    await phone.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(phone).toHaveURL(/\/checkout\/test\//);
  });
});
