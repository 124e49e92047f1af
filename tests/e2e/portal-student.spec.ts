import type { Page } from "@playwright/test";
import { minimalDocx } from "../support/docx-fixtures";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { monthDayDisplay } from "../../app/features/cohort/cohort";
import { payingStudent, signInToPortal } from "./mentor-support";
import { payOnTestCheckout, submitApplication } from "./people";
import { decodedMail, mailTo, releaseAllHolds, setCohort, uniqueEmail } from "./support";

/**
 * The student's side of the portal (issue 34): paying signs the buyer in on the confirmation page;
 * on a 390 px phone with JavaScript off they fill the onboarding checklist (profile with a .docx
 * resume, the week 1 pre-work) and see their progress; signed out, they sign in again from the
 * emailed one-time link, which works once. (Axe runs in the browser that paid: it needs
 * JavaScript.)
 */

const PHONE = { width: 390, height: 844 };
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Nothing on the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** The newest sign-in link emailed to `email`. */
async function signInLinkOf(email: string): Promise<string | null> {
  const links = (await mailTo(email))
    .map((raw) => /https?:\/\/[^\s"<>]+\/portal\/login\/[\w-]+/.exec(decodedMail(raw))?.[0])
    .filter((link): link is string => Boolean(link));
  return links.at(-1) ?? null;
}

test.describe("the student's portal", () => {
  test.beforeEach(async () => {
    await releaseAllHolds();
    // 2027-01-13 is a Wednesday: week 1 is the week of January 11.
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  });

  test("a student pays, is signed in, fills the checklist on a phone without JavaScript, and signs in again by email", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("student");
    // Paying, in a browser whose zone is Tokyo.
    const payer = await browser.newContext({ timezoneId: "Asia/Tokyo" });
    const paying = await payer.newPage();
    await submitApplication(paying, email);
    await expect(paying).toHaveURL(/\/enroll$/);
    await payOnTestCheckout(paying);
    await expect(paying.getByTestId("portal-access")).toContainText(
      "You're signed in to your cohort portal on this device",
    );
    await expect(paying.locator("main")).toContainText("week 1 pre-work");
    await expectNoAxeViolations(paying);
    await paying.getByRole("link", { name: "Go to your cohort portal" }).click();
    await expect(paying).toHaveURL(/\/portal$/);
    await expect(paying.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
    await expectNoAxeViolations(paying);
    // With JavaScript, the profile preselects the browser's own zone until one is saved.
    await paying.goto("/portal/profile");
    await expect(paying.getByLabel("Your time zone")).toHaveValue("Asia/Tokyo");
    await expectNoAxeViolations(paying);
    await paying.goto("/portal/prework");
    await expectNoAxeViolations(paying);

    // The same student (the same cookies) on a phone with JavaScript off.
    const phone = await browser.newContext({
      storageState: await payer.storageState(),
      javaScriptEnabled: false,
      viewport: PHONE,
    });
    await payer.close();
    const page = await phone.newPage();
    await page.goto("/portal");
    await expect(page.getByText("Your cohort starts the week of January 11.")).toBeVisible();
    await expect(page.locator("[data-checklist-progress]")).toHaveText("0 of 3 done");
    await expect(page.locator('[data-checklist-item="calendar"]')).toHaveAttribute(
      "data-state",
      "todo",
    );
    await expect(page.getByText("Assessment and resume review", { exact: true })).toBeVisible();
    await expect(page.getByText("Week 6 · week of February 15")).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page
      .locator('[data-checklist-item="profile"]')
      .getByRole("link", { name: "Complete your profile" })
      .click();
    await expect(page).toHaveURL(/\/portal\/profile$/);
    // Without JavaScript the site's zone is chosen; the graduation year is the application's.
    await expect(page.getByLabel("Your time zone")).toHaveValue("America/New_York");
    await expect(page.getByLabel("Graduation year")).toHaveValue(
      String(new Date().getFullYear() + 1),
    );
    await expectNoSidewaysScroll(page);
    await page.getByLabel("Your time zone").selectOption("America/Chicago");
    await page.getByLabel("Banking").check();
    await page.getByLabel("Firms you're targeting").fill("Baird, Raymond James");
    await page.getByLabel("LinkedIn profile URL").fill("https://example.com/in/ada");
    const resume = { name: "Ada resume.docx", mimeType: DOCX, buffer: Buffer.from(minimalDocx()) };
    await page.getByLabel("Your current resume (.docx)").setInputFiles(resume);
    await page.getByRole("button", { name: "Save profile" }).click();
    // Refused by the server: the message under the field, what was typed kept.
    await expect(
      page.getByText("Please enter the address of your LinkedIn profile", { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByLabel("Firms you're targeting")).toHaveValue("Baird, Raymond James");
    await page.getByLabel("LinkedIn profile URL").fill("https://www.linkedin.com/in/ada-lovelace");
    await page.getByLabel("Your current resume (.docx)").setInputFiles(resume);
    // Program reminders off (issue 45): kept with the profile.
    await page.getByLabel("Turn off program reminders").check();
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Profile saved" })).toBeVisible();
    await expect(page.locator("[data-profile-status]")).toHaveText("Your profile is complete.");
    await expect(page.getByLabel("Turn off program reminders")).toBeChecked();
    await expect(page.getByLabel("Your time zone")).toHaveValue("America/Chicago");
    await expect(page.getByText(/We have the resume you uploaded .* CST\./)).toBeVisible();

    await page.getByRole("link", { name: "Week 1 pre-work", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Week 1 pre-work", exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Mark as read" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Pre-work marked as read" }),
    ).toBeVisible();
    await expect(page.locator("[data-checklist-progress]")).toHaveText("2 of 3 done");
    await expect(page.locator('[data-checklist-item="profile"]')).toHaveAttribute(
      "data-state",
      "done",
    );

    // Signed out, then back in from the emailed link, which works once.
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Sign in to your cohort" })).toBeVisible();
    await page.goto("/portal/profile");
    await expect(page).toHaveURL(/\/portal$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(
      page.getByText("If that address has a seat, a sign-in link is on its way"),
    ).toBeVisible();
    await expect.poll(async () => signInLinkOf(email), { timeout: 15_000 }).not.toBeNull();
    const link = new URL((await signInLinkOf(email))!);
    await page.goto(link.pathname);
    await page.getByRole("button", { name: "Sign me in" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
    await expect(page.locator("[data-checklist-progress]")).toHaveText("2 of 3 done");

    const again = await page.goto(link.pathname);
    expect(again?.status()).toBe(410);
    await expect(
      page.getByRole("heading", { name: "This sign-in link can't be used" }),
    ).toBeVisible();

    // Signed in on a laptop too: "Sign out of all devices" on the phone signs out both.
    const laptop = await (await browser.newContext()).newPage();
    await signInToPortal(laptop, email);
    await expect(laptop.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
    await page.goto("/portal");
    await page.getByRole("button", { name: "Sign out of all devices" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Signed out everywhere" }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await laptop.reload();
    await expect(laptop.getByRole("heading", { name: "Sign in to your cohort" })).toBeVisible();
    await laptop.context().close();
    await phone.close();
  });

  test("the home says where the cohort is: week n of 6 during the program, when it ended after", async ({
    browser,
  }) => {
    const email = uniqueEmail("week-line");
    await payingStudent(browser, email);
    // Today's Monday in the site's zone, and a start date that many weeks before it.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(
      new Date(),
    );
    const day = (offset: number) => {
      const at = new Date(`${today}T00:00:00Z`);
      at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7) + offset);
      return at.toISOString().slice(0, 10);
    };
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const page = await (await browser.newContext({ viewport })).newPage();
      await signInToPortal(page, email);
      const line = page.locator("[data-cohort-place]");
      await setCohort({ start_date: day(-14) });
      await page.goto("/portal");
      await expect(line).toHaveText("Week 3 of 6");
      // Said once: the card under it names the week's topic alone.
      await expect(page.getByText("Week 3 of 6", { exact: false })).toHaveCount(1);
      await expect(page.locator('[data-due="week"]')).toContainText(
        "This week's topic: Networking",
      );
      // The job-search weeks link to where that work is logged: week 3 here, week 4 in the list.
      await expect(
        page
          .locator('[data-due="week"]')
          .getByRole("link", { name: "Log your networking conversations" }),
      ).toHaveAttribute("href", "/portal/networking");
      const week4 = page.locator("#weeks-title ~ ol > li").nth(3);
      await expect(week4.getByRole("link", { name: "Track your applications" })).toHaveAttribute(
        "href",
        "/portal/applications",
      );
      // Each week's title opens its page of material and assignments.
      await expect(week4.getByRole("link", { name: "Application strategy" })).toHaveAttribute(
        "href",
        "/portal/weeks/4",
      );
      if (viewport === PHONE) await expectNoSidewaysScroll(page);
      await setCohort({ start_date: day(-56) });
      await page.goto("/portal");
      await expect(line).toHaveText(`The program ended on ${monthDayDisplay(day(-15))}.`);
      // Nothing is "due this week" after the end, and the onboarding checklist is gone.
      await expect(page.getByRole("heading", { name: "After the program" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Due this week" })).toHaveCount(0);
      await expect(page.locator("[data-checklist-progress]")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.context().close();
    }
  });
});
