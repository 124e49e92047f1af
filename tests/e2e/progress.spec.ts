import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  assignMentor,
  createMentor,
  pageWidth,
  payingStudent,
  signInToPortal,
} from "./mentor-support";
import { releaseAllHolds, setCohort, storedCohort, uniqueEmail } from "./support";

/**
 * Issue 48, item 4, on a 390 px phone: the cohort is in its third week and the student has
 * submitted nothing and held no 1-on-1. Their home shows the progress line with what is past due;
 * their mentor's board and the owner's cohort page show the same line and say they are behind.
 * Axe on every page, and nothing wider than the phone.
 */

const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

/** The Monday (UTC) `weeks` weeks before this week's, as YYYY-MM-DD. */
function mondayWeeksAgo(weeks: number): string {
  const now = new Date();
  const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * DAY - weeks * 7 * DAY);
  return monday.toISOString().slice(0, 10);
}

test("the progress line on the student's home, the mentor's board and the owner's cohort page", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await releaseAllHolds();
  await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  const mentor = uniqueEmail("progress-mentor");
  await createMentor(mentor, "Pia Progress");
  const email = uniqueEmail("progress-student");
  const studentId = await payingStudent(browser, email);
  await assignMentor(email, mentor);
  // Time "passes": the cohort is in its third week, so weeks 1 and 2 have ended.
  await setCohort({ start_date: mondayWeeksAgo(2) });

  const student = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInToPortal(student, email);
  await student.goto("/portal");
  const card = student.locator("[data-student-progress]");
  await expect(card.getByRole("heading", { name: "Your progress" })).toBeVisible();
  await expect(card.locator("[data-progress-one-on-ones]")).toHaveText(
    "1-on-1s held: 0 of 2 owed so far",
  );
  // Weeks 1 and 2's three assignments, and week 3's once its Wednesday has passed.
  await expect(card.locator("[data-late-work]")).toHaveAttribute("data-late-work", /^[34]$/);
  await expect(card).toContainText("Your resume as it is today (week 1), due");
  expect(await pageWidth(student)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(student);
  await student.context().close();

  const board = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInToPortal(board, mentor);
  await board.goto("/portal/mentor/board");
  await expect(board.locator("[data-behind-list]")).toHaveText(/^Behind \(1\): /);
  await expect(board.locator(`[data-board-card="${studentId}"] [data-behind]`)).toHaveText(
    "Behind: work past due, 1-on-1s missing",
  );
  expect(await pageWidth(board)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(board);
  await board.context().close();

  const owner = uniqueEmail("progress-owner");
  await createAccount(owner, true);
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await logIn(page, owner);
  const cohort = await storedCohort();
  await page.goto(`/admin/cohorts/${cohort.id}`);
  const section = page.getByRole("region", { name: "Progress" });
  await expect(section.locator("[data-behind-list]")).toContainText("Behind (");
  await expect(section.locator(`[data-progress-row="${studentId}"] [data-behind]`)).toHaveText(
    "Behind: work past due, 1-on-1s missing",
  );
  await expectNoAxeViolations(page);
});
