import type { Page } from "@playwright/test";
import { filledTracker } from "../support/job-search";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createAccount, logIn } from "./admin-support";
import { assignMentor, createMentor, payingStudent, signInToPortal } from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * A student's job search (issue 47) on a 390 px phone: they bring in the tracker spreadsheet the
 * site gives away, see its preview, confirm, then move one application to Interview (its day ahead
 * unlocks the deep-dive on /portal/interviews) and then to Offer (its kind asked); every page has
 * no axe violations and nothing is wider than the phone.
 */

const PHONE = { width: 390, height: 844 };
const OWNER = uniqueEmail("job-search-owner");

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test.describe("the student's applications", () => {
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  });

  test("a paid student imports the tracker, confirms, and moves an application to Interview then Offer; the mentor confirms it and the owner's report and CSV count it", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("job-search");
    const mentorEmail = uniqueEmail("job-search-mentor");
    await createMentor(mentorEmail, "Jo Mentor");
    const studentId = await payingStudent(browser, email);
    await assignMentor(email, mentorEmail);
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signInToPortal(page, email);

    await page.getByTestId("portal-header").getByRole("link", { name: "Applications" }).click();
    await expect(page.getByRole("heading", { name: "Your applications" })).toBeVisible();
    await page.getByRole("link", { name: "Bring in your tracker spreadsheet" }).click();
    await expect(page).toHaveURL(/\/portal\/applications\/import$/);
    await expectNoAxeViolations(page);

    const tracker = await filledTracker([
      { Firm: "Lazard", Division: "Banking", Role: "Summer Analyst", Status: "Applied" },
      { Firm: "Evercore", Role: "Analyst", Status: "Researching", Deadline: "2027-02-01" },
    ]);
    await page.getByLabel("Your tracker (.xlsx)").setInputFiles({
      name: "tracker.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: tracker,
    });
    await page.getByRole("button", { name: "Show the preview" }).click();
    const preview = page.locator("[data-import-preview]");
    await expect(preview).toContainText("2 applications ready to bring in.");
    await expect(preview).toContainText("2 example rows were skipped.");
    await expect(preview.getByRole("cell", { name: "Lazard" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Bring them in" }).click();
    await expect(page).toHaveURL(/\/portal\/applications$/);
    await expect(page.getByText("2 applications were added to your board.")).toBeVisible();
    await expect(page.locator('[data-stage="applied"] [data-application="Lazard"]')).toBeVisible();
    await expect(
      page.locator('[data-stage="wishlist"] [data-application="Evercore"]'),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Lazard" }).click();
    await expect(page.locator("[data-current-stage]")).toHaveText("Now: Applied");
    await page.getByLabel("Move to").selectOption("interview");
    await expect(page.getByLabel("Interview round")).toHaveValue("1");
    // The interview's day (two weeks ahead) is what the move reports: it unlocks the deep-dive.
    const ahead = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("Interview date").fill(ahead);
    await page.getByLabel("Note (optional)").fill("First round with the M&A team");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.locator("[data-current-stage]")).toHaveText("Now: Interview (round 1)");
    await expect(page.locator("[data-history] [data-interview-date]")).toHaveCount(1);
    const lazard = page.url();
    await page.getByRole("link", { name: "Your interviews and offers" }).click();
    await expect(page.locator("[data-interviews]")).toContainText("Lazard, Summer Analyst");
    await expect(page.getByRole("link", { name: "Book your interview deep-dive" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto(lazard);

    // A move to Offer asks the offer's kind; it then waits for the mentor's confirmation.
    await page.getByLabel("Move to").selectOption("offer");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.locator("#move-application-kind-error")).toHaveText(
      "Please choose internship or full-time",
    );
    await page.getByLabel("Move to").selectOption("offer");
    await page.getByLabel("Offer kind").selectOption("full_time");
    await page.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.locator("[data-current-stage]")).toHaveText("Now: Offer");
    const history = page.locator("[data-history] li");
    // Brought in as Applied, then the two moves.
    await expect(history).toHaveCount(3);
    await expect(history.first()).toContainText("Interview (round 1) → Offer");
    await expect(history.first().locator('[data-offer="waiting"]')).toHaveText(
      "Full-time offer, waiting for your mentor to confirm.",
    );
    await expect(page.locator("[data-history]")).toContainText("First round with the M&A team");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Back to your applications" }).click();
    await expect(page.locator('[data-stage="offer"] [data-application="Lazard"]')).toBeVisible();

    // The owner's outcomes report before the mentor confirms (the worker's database is shared).
    await createAccount(OWNER, true);
    const owner = await (await browser.newContext()).newPage();
    await logIn(owner, OWNER);
    const cohortId = await withDb(
      async (db) =>
        (
          await db
            .selectFrom("payments")
            .select("cohort_id")
            .where("person_id", "=", studentId)
            .executeTakeFirstOrThrow()
        ).cohort_id,
    );
    const confirmedOffers = owner.locator(
      `[data-cohort="${cohortId}"] [data-figure="confirmed_offers"]`,
    );
    await owner.goto("/admin/outcomes");
    const before = Number(await confirmedOffers.textContent());

    // The mentor, on a phone: the board shows the offer; the student's page confirms it.
    const mentorContext = await browser.newContext({ viewport: PHONE });
    const mentor = await mentorContext.newPage();
    await signInToPortal(mentor, mentorEmail);
    await mentor.goto("/portal/mentor/board");
    const card = mentor.locator(`[data-board-card="${studentId}"]`);
    await expect(card.locator('[data-stage="offer"]')).toContainText("1");
    await expectNoSidewaysScroll(mentor);
    await card.locator("h2 a").click();
    await expect(mentor.locator("[data-job-search]")).toContainText("Lazard");
    await mentor.getByRole("button", { name: "Confirm the Lazard offer" }).click();
    await expect(mentor.getByText("Offer confirmed").first()).toBeVisible();
    await expectNoSidewaysScroll(mentor);
    await expectNoAxeViolations(mentor);
    await mentorContext.close();

    // The student's history shows it confirmed; the owner's report and CSV count it.
    await page.getByRole("link", { name: "Lazard" }).click();
    await expect(page.locator('[data-history] [data-offer="confirmed"]')).toBeVisible();
    await owner.goto("/admin/outcomes");
    await expect(confirmedOffers).toHaveText(String(before + 1));
    const csv = await (
      await owner.request.get(`/admin/cohorts/${cohortId}/applications.csv`)
    ).text();
    // This student's Lazard row: an earlier spec of the worker may have a student at Lazard too.
    const rows = csv
      .split("\r\n")
      .map((line) => line.split(",").map((c) => c.replace(/^"|"$/g, "")));
    const lazardRow = rows.find((cells) => cells.includes(email) && cells.includes("Lazard")) ?? [];
    expect(lazardRow).toContain("offer");
    await owner.close();
    await context.close();
  });
});
