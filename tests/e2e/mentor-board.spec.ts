import { insertApplication } from "../../app/features/job-search/job-search.server";
import { applicationFields } from "../support/job-search";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  assignMentor,
  createMentor,
  pageWidth,
  payingStudent,
  signInToPortal,
} from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * Issue 47, item 5, on a 390 px phone: a mentor opens the job-search board from their home, sorts
 * it by links, opens a student, opens one of their applications from the student's pipeline and
 * moves it; the student's own page says the move was by their mentor. Axe on every page, and
 * nothing wider than the phone.
 */

const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

/** An application added `days` ago and never moved since (quiet past 14 days). */
const addedApplication = (personId: string, firm: string, days: number) =>
  withDb((db) => {
    const at = new Date(Date.now() - days * DAY).toISOString();
    const wishlist = { at, from: null, to: "wishlist" as const, round: null, note: null };
    return insertApplication(db, personId, applicationFields(firm), [wishlist], at);
  });

test("a mentor on a phone opens the board, sorts, opens a student and moves an application", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await releaseAllHolds();
  await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  const mentor = uniqueEmail("board-mentor");
  await createMentor(mentor, "Bora Board");
  const quietEmail = uniqueEmail("board-quiet");
  const busyEmail = uniqueEmail("board-busy");
  const quietId = await payingStudent(browser, quietEmail);
  const busyId = await payingStudent(browser, busyEmail);
  await assignMentor(quietEmail, mentor);
  await assignMentor(busyEmail, mentor);
  await addedApplication(quietId, "Stale Capital", 20);
  const fresh = await addedApplication(busyId, "Fresh Partners", 1);

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInToPortal(page, mentor);
  await page.goto("/portal/mentor");
  await page.locator("[data-board-link]").click();
  await expect(page).toHaveURL(/\/portal\/mentor\/board$/);
  await expect(page.getByRole("heading", { name: "Your students' job search" })).toBeVisible();
  // By flags (the default): the quiet student first, their flag naming the application.
  const cards = page.locator("[data-board-card]");
  await expect(cards.first()).toHaveAttribute("data-board-card", quietId);
  await expect(cards.first().locator('[data-flag="quiet"]')).toContainText("Stale Capital");
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);

  // Sorted by last activity: the quietest first still; by week: both 0, so by name.
  await page.getByRole("link", { name: "Quietest" }).click();
  await expect(page).toHaveURL(/sort=activity/);
  await expect(cards.first()).toHaveAttribute("data-board-card", quietId);
  await page.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.locator('[aria-current="true"][data-sort="name"]')).toBeVisible();
  const names = await cards.locator("h2").allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

  // The busy student's page: the pipeline, then the application, moved by the mentor.
  await page.locator(`[data-board-card="${busyId}"] h2 a`).click();
  await expect(page).toHaveURL(new RegExp(`/portal/mentor/students/${busyId}$`));
  const section = page.locator("[data-job-search]");
  await expect(section.locator('[data-pipeline-stage="wishlist"]')).toContainText("Fresh Partners");
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await section.getByRole("link", { name: "Fresh Partners" }).click();
  await expect(page).toHaveURL(new RegExp(`/applications/${fresh}$`));
  await expect(page.locator("[data-current-stage]")).toHaveText("Now: Wishlist");
  await expectNoAxeViolations(page);
  await page.getByLabel("Move to").selectOption("applied");
  await page.getByLabel("Note (optional)").fill("Sent together in our 1-on-1");
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.locator("[data-current-stage]")).toHaveText("Now: Applied");
  await expect(page.locator('[data-history] li[data-by="you"]').first()).toContainText("by you");
  await page.locator("[data-application-note] textarea").fill("Ask about the superday dates.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.locator('[data-history] li[data-kind="note"]')).toContainText(
    "Ask about the superday dates.",
  );
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await context.close();

  // The student reads the move and the note as their mentor's.
  const student = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInToPortal(student, busyEmail);
  await student.goto(`/portal/applications/${fresh}`);
  const byMentor = student.locator('[data-history] li[data-by="mentor"]');
  await expect(byMentor).toHaveCount(2);
  await expect(byMentor.first()).toContainText("by your mentor");
  await expectNoAxeViolations(student);
});
