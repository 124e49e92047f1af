import type { Page } from "@playwright/test";
import { dateInZone } from "../../app/lib/time-zone";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { assignMentor, createMentor, payingStudent, signInToPortal } from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail } from "./support";

/**
 * Weekly targets and networking (issue 47, item 4): a mentor sets their student's weekly targets
 * on the student's page; the student, on a 390 px phone, sees the week against them on their
 * home, logs a networking conversation and sends an application, and the home's card moves; the
 * conversation deleted, it moves back. No axe violations, nothing wider than the phone.
 */

const PHONE = { width: 390, height: 844 };
/** The site's calendar (SITE_TIME_ZONE's default): the week is Monday to Sunday there. */
const SITE_ZONE = "America/New_York";

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test.describe("weekly targets and networking", () => {
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  });

  test("the mentor sets targets; the student logs a conversation and sends an application on a phone, and the home's week moves", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("networking");
    const mentorEmail = uniqueEmail("networking-mentor");
    const studentId = await payingStudent(browser, email);
    await createMentor(mentorEmail, "Nora Network");
    await assignMentor(email, mentorEmail);

    // The mentor sets the weekly targets on the student's page.
    const mentorContext = await browser.newContext();
    const m = await mentorContext.newPage();
    await signInToPortal(m, mentorEmail);
    await m.goto(`/portal/mentor/students/${studentId}`);
    const targets = m.getByRole("region", { name: "Weekly targets" });
    await expect(targets.locator("[data-targets-now]")).toHaveText("No targets set.");
    await targets.getByLabel("Applications sent per week").fill("5");
    await targets.getByLabel("Networking conversations per week").fill("2");
    await targets.getByRole("button", { name: "Save targets" }).click();
    await expect(m.getByText("Weekly targets saved")).toBeVisible();
    await expect(targets.locator("[data-targets-now]")).toHaveText(
      "Now: 5 applications and 2 conversations a week.",
    );
    await expectNoAxeViolations(m);
    await mentorContext.close();

    // The student's home on a phone: this week against the targets.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signInToPortal(page, email);
    const week = page.locator("[data-this-week]");
    await expect(week.locator("[data-applications-week]")).toHaveText("0 of 5");
    await expect(week.locator("[data-conversations-week]")).toHaveText("0 of 2");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // A conversation logged today (the site's calendar, so it is this week's).
    await week.getByRole("link", { name: "Your networking" }).click();
    await expect(page).toHaveURL(/\/portal\/networking$/);
    await expect(page.getByRole("heading", { name: "Your networking", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    const form = page.locator("[data-add-conversation]");
    await form.getByLabel("Who you spoke with").fill("Dana Banker");
    await form.getByLabel("Firm").fill("Lazard");
    await form
      .getByRole("textbox", { name: "Date", exact: true })
      .fill(dateInZone(new Date(), SITE_ZONE));
    await form.getByLabel("How").selectOption("call");
    await form.getByRole("button", { name: "Log conversation" }).click();
    await expect(page.getByText("It counts toward this week.")).toBeVisible();
    const logged = page.locator('[data-conversation="Lazard"]');
    await expect(logged).toContainText("Dana Banker · Lazard");
    await expect(logged).toContainText("Phone call");
    await expect(page.locator("[data-conversations-week]")).toHaveText("1 of 2");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // An application sent (added as Applied) counts by the same rule as the owner's report.
    await page.getByRole("link", { name: "Applications", exact: true }).click();
    const add = page.locator("[data-add-application]");
    await add.getByLabel("Firm").fill("Evercore");
    await add.getByLabel("Role").fill("Summer Analyst");
    await add.getByLabel("Stage").selectOption("applied");
    await add.getByRole("button", { name: "Add application" }).click();
    await expect(
      page.locator('[data-stage="applied"] [data-application="Evercore"]'),
    ).toBeVisible();

    await page.getByRole("link", { name: "My cohort", exact: true }).click();
    await expect(week.locator("[data-applications-week]")).toHaveText("1 of 5");
    await expect(week.locator("[data-conversations-week]")).toHaveText("1 of 2");
    await expectNoSidewaysScroll(page);

    // Deleted, it no longer counts.
    await page.goto("/portal/networking");
    await page
      .getByRole("button", { name: "Delete the conversation with Dana Banker (Lazard)" })
      .click();
    await expect(page.getByText("It is off your log.")).toBeVisible();
    await expect(logged).toHaveCount(0);
    await expect(page.locator("[data-conversations-week]")).toHaveText("0 of 2");
    await context.close();
  });
});
