import type { Page } from "@playwright/test";
import { createAccount, logIn } from "./admin-support";
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
 * Issue 45 item 7: the portal and the console have their own header and footer. A paid student
 * sees the portal's navigation and no "Apply Now"; a mentor sees the mentor's; the owner the
 * console's. "Cancel session" asks (naming how many it emails) before it cancels. Each header
 * fits a phone (390 px) and a laptop (1440 px).
 */

const SHOTS = "test-results/signed-in-chrome";

/** The header's links fit the width (nothing scrolls sideways), shot for a human to look at. */
async function fitsAtBothWidths(page: Page, name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page
      .locator("header")
      .first()
      .screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test("a paid student sees the portal's header and footer, no Apply Now", async ({
  page,
  browser,
}) => {
  await releaseAllHolds();
  await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
  const student = uniqueEmail("chrome-student");
  await payingStudent(browser, student);
  await signInToPortal(page, student);

  const nav = page.getByRole("navigation", { name: "Portal" });
  for (const name of ["My cohort", "Book a 1-on-1", "Calendar", "Profile"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Success Stories" })).toHaveCount(0);
  await expect(page.getByTestId("signed-in-footer")).toBeVisible();
  // Signed-in pages hydrate like the console: React Router's client runtime is on the page.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await expect(nav.getByRole("link", { name: "Calendar" })).toHaveAttribute(
    "href",
    "/portal#calendar",
  );
  await expectNoAxeViolations(page);
  await fitsAtBothWidths(page, "portal-student");
});

test("a mentor sees the mentor's navigation, no Apply Now", async ({ page, browser }) => {
  await releaseAllHolds();
  await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
  const mentor = uniqueEmail("chrome-mentor");
  await createMentor(mentor, "Mina Chrome");
  const student = uniqueEmail("chrome-mentee");
  await payingStudent(browser, student);
  await assignMentor(student, mentor);
  await signInToPortal(page, mentor);

  const nav = page.getByRole("navigation", { name: "Portal" });
  for (const name of ["My students", "Availability", "Calendar"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Book a 1-on-1" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await fitsAtBothWidths(page, "portal-mentor");
});

test("the console's header; Cancel session asks, changes nothing, then cancels", async ({
  page,
}) => {
  await releaseAllHolds();
  await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-03-01" });
  const owner = uniqueEmail("chrome-owner");
  await createAccount(owner, true);
  await logIn(page, owner);
  await expect(page.getByTestId("console-header")).toBeVisible();
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
  await expect(page.getByTestId("signed-in-footer")).toBeVisible();
  // On a phone the 15 sections are one row that scrolls sideways, not five rows above the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const header = page.getByTestId("console-header");
  const sections = header.getByRole("navigation", { name: "Console" }).getByRole("link");
  const tops = await sections.evaluateAll((links) =>
    links.map((link) => Math.round(link.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size).toBe(1);
  expect((await header.boundingBox())!.height).toBeLessThan(130);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const cohortId = await withDb(async (db) => {
    const row = await db
      .selectFrom("cohorts")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    return row.id;
  });
  await page.goto(`/admin/cohorts/${cohortId}`);
  await page.getByLabel("Live link (https)").fill("https://meet.example.com/chrome");
  await page.getByRole("button", { name: "Save and plan sessions" }).click();
  await expect(page.getByTestId("group-session")).toHaveCount(6);
  const status = () =>
    withDb(async (db) => {
      const row = await db
        .selectFrom("group_sessions")
        .select("status")
        .where("cohort_id", "=", cohortId)
        .where("week", "=", 4)
        .executeTakeFirstOrThrow();
      return row.status;
    });
  const outbox = () =>
    withDb(async (db) => {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("kind", "=", "group_session_cancelled")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    });
  const mailsBefore = await outbox();

  const week4 = page.locator('[data-testid="group-session"][data-week="4"]');
  await week4.getByRole("button", { name: "Cancel session" }).click();
  await expect(week4.getByRole("alert")).toContainText("session is canceled. Cancel session?");
  expect(await status()).toBe("scheduled");
  expect(await outbox()).toBe(mailsBefore);
  await expectNoAxeViolations(page);

  await week4.getByRole("button", { name: /^Cancel session and email/ }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Session canceled" })).toBeVisible();
  expect(await status()).toBe("cancelled");
  await fitsAtBothWidths(page, "console");
});
