import type { Page } from "@playwright/test";
import {
  ADMIN_PATH as PATH,
  createAccountWithCli as createAccount,
  fillLogin,
  logIn as logInAs,
  logInWithForm,
  openAdmin as open,
} from "./admin-support";
import { cohortSettingsPage } from "../../app/features/cohort/cohort-settings.words";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  fillApplication,
  releaseAllHolds,
  setCohort,
  storedCohort,
  uniqueEmail,
  withDb,
} from "./support";

const ADMIN = uniqueEmail("admin");
const logIn = (page: Page, email = ADMIN) => logInAs(page, email);
const STAFF = uniqueEmail("staff");

function toast(page: Page, title: string) {
  return page.locator("[data-toast]").filter({ hasText: title });
}

test.describe("admin cohort settings", () => {
  // The accounts are made by the admin CLI itself, as the README has the owner do it.
  test.beforeAll(async () => {
    await createAccount(ADMIN, true);
    await createAccount(STAFF, false);
  });

  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({
      capacity: 10,
      enrolled_count: 0,
      is_active: 1,
      start_date: null,
      earliest_graduation_year: null,
    });
  });

  // The other specs' forms expect the spec's rule, the current year.
  test.afterAll(async () => {
    await setCohort({ earliest_graduation_year: null });
  });

  test("shows only the login form without a session, with no axe violations", async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto(PATH);
    // `private, no-store`: a page with a session form, which also hands a first visit its cookie.
    expect(response?.headers()["cache-control"]).toContain("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByText("Current Status")).toHaveCount(0);
    await expect(page.getByLabel("Capacity")).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test("wrong password: destructive toast, still the login form", async ({ page }) => {
    await open(page);
    await fillLogin(page, ADMIN, "not the password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(toast(page, "Invalid email or password")).toBeVisible();
    await expect(toast(page, "Invalid email or password")).toHaveAttribute("data-type", "error");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
    ).toBeVisible();
  });

  test("empty fields are refused before anything is sent", async ({ page }) => {
    await open(page);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Please enter your email")).toBeVisible();
    await expect(page.getByText("Please enter your password")).toBeVisible();
  });

  test("success: 'Checking credentials...', the gate spinner, the toast, then the settings", async ({
    page,
    consoleErrors,
  }) => {
    await open(page);
    let releasePost = () => {};
    let releaseReload = () => {};
    const postHeld = new Promise<void>((resolve) => (releasePost = resolve));
    const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve));
    await page.route(`**${PATH}.data*`, async (route) => {
      await (route.request().method() === "POST" ? postHeld : reloadHeld);
      await route.continue();
    });

    await fillLogin(page, ADMIN);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Checking credentials..." })).toBeDisabled();
    releasePost();
    await expect(page.getByRole("status").filter({ hasText: "Checking access..." })).toBeVisible();
    releaseReload();

    await expect(toast(page, "Logged in successfully as admin")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cohort Settings");
    await expect(page.getByText(`Signed in as ${ADMIN}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Current Status" })).toBeVisible();
    await page.unroute(`**${PATH}.data*`);
    // Axe checks the page itself; the toast is the shared Toaster's and goes away.
    await expect(toast(page, "Logged in successfully as admin")).toBeHidden({ timeout: 10_000 });
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test("a non-admin account is refused and sent home", async ({ page }) => {
    await open(page);
    await fillLogin(page, STAFF);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "This account is not authorized as admin")).toBeVisible();
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  });

  test("saving settings updates the Current Status", async ({ page }) => {
    const cohortId = (await storedCohort()).id;
    await withDb((db) =>
      db
        .insertInto("seat_holds")
        .values({
          id: `e2e-hold-${Date.now()}`,
          cohort_id: cohortId,
          kind: "checkout",
          offer_token_hash: null,
          person_id: null,
          email: null,
          status: "held",
          provider: "test",
          session_id: `e2e-hold-${Date.now()}`,
          expires_at: new Date(Date.now() + 600_000).toISOString(),
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute(),
    );
    await logIn(page);
    const status = page.getByRole("region", { name: "Current Status" });
    await expect(status.getByTestId("status-start-date")).toHaveText("our next cohort (not set)");
    await expect(status.getByTestId("status-spots")).toContainText("10 of 10 (0 enrolled)");
    await expect(status.getByTestId("status-spots")).toContainText("1 seat held in a checkout");
    await expect(status.getByTestId("status-state")).toHaveText("Active – accepting enrollments");

    // Each field's hint is read with it.
    await expect(page.getByLabel("Start date")).toHaveAccessibleDescription(
      cohortSettingsPage.startDateHint,
    );
    await expect(page.getByLabel("Capacity")).toHaveAccessibleDescription(
      cohortSettingsPage.capacityHint,
    );
    // 2027-01-13 is a Wednesday: applicants see the week of Monday January 11.
    await page.getByLabel("Start date").fill("2027-01-13");
    await page.getByLabel("Capacity").fill("7");
    await page.getByLabel("Active (accepting enrollments)").uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Cohort settings have been updated.")).toBeVisible();
    await expect(status.getByTestId("status-start-date")).toHaveText(
      "Week of January 11 (Wednesday, January 13, 2027)",
    );
    await expect(status.getByTestId("status-spots")).toContainText("7 of 7 (0 enrolled)");
    await expect(status.getByTestId("status-state")).toHaveText("Inactive");
    expect(await storedCohort()).toMatchObject({
      start_date: "2027-01-13",
      capacity: 7,
      is_active: 0,
    });

    await page.reload();
    await expect(page.getByLabel("Start date")).toHaveValue("2027-01-13");
    await expect(page.getByLabel("Capacity")).toHaveValue("7");
    await expect(page.getByLabel("Active (accepting enrollments)")).not.toBeChecked();
    await page.getByLabel("Active (accepting enrollments)").check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(status.getByTestId("status-state")).toHaveText("Active – accepting enrollments");
    const audit = await withDb((db) =>
      db.selectFrom("audit_log").selectAll().where("actor", "=", ADMIN).execute(),
    );
    expect(audit.map((row) => row.action)).toEqual(["cohort.update", "cohort.update"]);
  });

  test("the earliest graduation year: refused, saved, shown, and in force on the forms", async ({
    page,
  }) => {
    const year = new Date().getUTCFullYear();
    await logIn(page);
    const field = page.getByLabel("Earliest graduation year");
    const status = page.getByRole("region", { name: "Current Status" });
    await expect(field).toHaveValue("");
    await expect(field).toHaveAccessibleDescription(
      cohortSettingsPage.earliestGraduationYearHint(year),
    );
    await expect(status.getByTestId("status-graduation-years")).toHaveText(
      `${year} or later (the current year)`,
    );

    await field.fill("1949");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByText(
        `Please enter a year from 1950 to ${year + 10}, or leave it empty for the current year`,
      ),
    ).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    expect((await storedCohort()).earliest_graduation_year).toBeNull();

    await field.fill(String(year - 1));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Cohort settings have been updated.")).toBeVisible();
    await expect(status.getByTestId("status-graduation-years")).toHaveText(`${year - 1} or later`);
    expect((await storedCohort()).earliest_graduation_year).toBe(year - 1);

    // The static forms' inline check and message name the year in force, as the server rendered it.
    const message = `Please enter a valid year (${year - 1} or later)`;
    for (const path of ["/apply", "/resume-template"]) {
      await page.goto(path);
      const input = page.getByLabel("Graduation year");
      await expect(input).toHaveAttribute("data-min-year", String(year - 1));
      await input.fill(String(year - 2));
      await input.blur();
      await expect(page.getByText(message)).toBeVisible();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await input.fill(String(year - 1));
      await expect(page.getByText(message)).toHaveCount(0);
      await expect(input).not.toHaveAttribute("aria-invalid");
    }

    // A recent graduate's application goes through.
    const email = uniqueEmail("recent-graduate");
    await page.goto("/apply");
    await fillApplication(page, { email });
    await page.getByLabel("Graduation year").fill(String(year - 1));
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/(enroll|apply\?result=\w+)$/);
    const person = await withDb((db) =>
      db
        .selectFrom("people")
        .select("graduation_year")
        .where("email", "=", email)
        .executeTakeFirst(),
    );
    expect(person?.graduation_year).toBe(String(year - 1));
  });

  for (const capacity of ["-1", "1.5"]) {
    test(`capacity ${capacity} is refused and nothing changes`, async ({ page }) => {
      await logIn(page);
      await page.getByLabel("Capacity").fill(capacity);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Please enter a whole number, 0 or more")).toBeVisible();
      await expect(page.getByLabel("Capacity")).toHaveAttribute("aria-invalid", "true");
      await expect(toast(page, "Cohort settings have been updated.")).toHaveCount(0);
      expect((await storedCohort()).capacity).toBe(10);
    });
  }

  test("/enroll sends visitors to /apply once capacity reaches the enrolled count", async ({
    page,
  }) => {
    await setCohort({ enrolled_count: 3 });
    await page.goto("/enroll");
    await expect(page).toHaveURL(/\/enroll$/);

    await logIn(page);
    await page.getByLabel("Capacity").fill("3");
    await page.getByRole("button", { name: "Save Changes" }).click();
    const status = page.getByRole("region", { name: "Current Status" });
    await expect(status.getByTestId("status-state")).toHaveText("Full");
    await expect(status.getByTestId("status-spots")).toContainText("0 of 3 (3 enrolled)");
    expect((await storedCohort()).enrolled_count).toBe(3);

    await page.goto("/enroll");
    await expect(page).toHaveURL(/\/apply$/);
  });

  test("logout ends the session", async ({ page, context }) => {
    // Through the form: the cookie's attributes are the server's.
    await logInWithForm(page, ADMIN);
    const cookie = (await context.cookies()).find((c) => c.name === "fsts_admin");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    await expect(toast(page, "You have been logged out.")).toBeVisible();

    // The old cookie, sent again, opens nothing.
    await context.addCookies([cookie!]);
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("login and a server-refused capacity work as plain form posts", async ({ page }) => {
      await page.goto(PATH);
      await fillLogin(page, ADMIN);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cohort Settings");

      await page.getByLabel("Capacity").fill("-1");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Please enter a whole number, 0 or more")).toBeVisible();
      expect((await storedCohort()).capacity).toBe(10);

      await page.getByLabel("Capacity").fill("8");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByTestId("status-spots")).toContainText("8 of 8");
    });
  });
});
