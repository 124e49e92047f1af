import { minimalDocx } from "../support/docx-fixtures";
import { jobName } from "../../app/features/ops/jobs.words";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { fillApplication, setCohort, uniqueEmail } from "./support";

const ADMIN = uniqueEmail("owner");
const STAFF = uniqueEmail("helper");

test.describe("owner's console", () => {
  test.beforeAll(async () => {
    await createAccount(ADMIN, true);
    await createAccount(STAFF, false);
  });

  test("an admin finds an applicant, changes their status and exports CSV", async ({
    page,
    browser,
  }) => {
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
    const email = uniqueEmail("applicant");
    const visitor = await browser.newPage();
    await visitor.goto(
      "/apply?utm_source=youtube&utm_campaign=application&utm_term=yt_vid42&vid=vid42",
    );
    await fillApplication(visitor, { email, ready: "No, add me to the waitlist" });
    await visitor.getByRole("button", { name: "Submit Application" }).click();
    await expect(visitor.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();
    await visitor.close();

    await logIn(page, ADMIN);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "People" })
      .click();
    await page.getByLabel("Name, email or university").fill(email);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("people-total")).toHaveText("1 person");
    await expectNoAxeViolations(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.split("\r\n")[0]).toContain('"email"');
    expect(text).toContain(`"${email}"`);

    await page.getByRole("link", { name: "Ada Lovelace" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
    await expect(page.getByText("vid42").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("New status").selectOption("qualified");
    await page.getByLabel("Reason").fill("Talked on the phone, ready now");
    await page.getByRole("button", { name: "Update status" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Status updated." })).toBeVisible();
    await expect(page.getByText("Qualified · Talked on the phone, ready now")).toBeVisible();

    await page.goto("/admin/attribution?dimension=utm_term");
    await expect(page.getByRole("row", { name: /yt_vid42/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an admin schedules a resume review and sees the email in the log", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("resume");
    const visitor = await browser.newPage();
    await visitor.goto("/resume-review");
    await visitor.getByLabel("First name").fill("Rae");
    await visitor.getByLabel("Last name").fill("Viewer");
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByLabel("University").fill("State University");
    await visitor.getByLabel("Graduation year").fill(String(new Date().getFullYear() + 1));
    await visitor.locator("input[type=file]").setInputFiles({
      name: "resume.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      buffer: Buffer.from(minimalDocx()),
    });
    await visitor.getByRole("button", { name: "Submit for Review" }).click();
    await expect(visitor.getByRole("heading", { name: "Resume Submitted!" })).toBeVisible();
    await visitor.close();

    await logIn(page, ADMIN);
    await page.goto("/admin/resumes");
    await expectNoAxeViolations(page);
    const row = page.getByTestId("resume-row").filter({ hasText: email });
    await expect(row).toBeVisible();
    const download = page.waitForEvent("download");
    await row.getByRole("link", { name: "Download .docx" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.docx$/);

    const year = new Date().getFullYear() + 1;
    await row.getByLabel("Livestream date").fill(`${year}-01-12`);
    await row.getByRole("button", { name: "Schedule" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Review scheduled" }),
    ).toBeVisible();
    await expect(page.getByTestId("resume-row").filter({ hasText: email })).toHaveCount(0);

    await page.goto("/admin/emails");
    await expectNoAxeViolations(page);
    const emailRow = page
      .getByTestId("email-row")
      .filter({ hasText: email })
      .filter({ hasText: "Your resume review is scheduled" });
    await expect(emailRow).toBeVisible();
    await emailRow.getByRole("link", { name: "Your resume review is scheduled" }).click();
    const weekday = new Date(Date.UTC(year, 0, 12)).toLocaleDateString("en-US", {
      weekday: "long",
      timeZone: "UTC",
    });
    await expect(page.getByTestId("email-text")).toContainText(`${weekday}, January 12, ${year}`);
    await expectNoAxeViolations(page);
  });

  test("the owner sees each background job's last run, and the mail job has delivered", async ({
    page,
  }) => {
    await logIn(page, ADMIN);
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Jobs" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Background jobs" })).toBeVisible();
    const rows = page.getByTestId("job-row");
    await expect(rows.first()).toBeVisible();
    const jobRow = (job: string) => page.locator(`[data-testid="job-row"][data-job="${job}"]`);
    for (const job of [
      "seat-offers",
      "checkout-reminders",
      "sequences",
      "broadcasts",
      "mail",
      "one-on-one-nudges",
      "session-reminders",
      "late-work-reminders",
      "outcome-nudges",
    ]) {
      const row = jobRow(job);
      await expect(row).toHaveCount(1);
      // Named in words, not by its code.
      await expect(row.getByRole("rowheader")).toContainText(jobName(job));
      if (job.includes("-")) await expect(row).not.toContainText(job);
      // The e2e server runs these every 200 ms: each has run, with a time in the site's zone.
      await expect(row).toContainText(/E[SD]T/);
      await expect(row).not.toContainText("Not run yet");
    }
    // Its last run's summary in words (its counts, or nothing to do), never as JSON.
    await expect(jobRow("mail")).toContainText(/\d+ sent|Nothing to do/);
    await expect(jobRow("mail")).not.toContainText('"sent"');
    await expectNoAxeViolations(page);
  });

  for (const path of [
    "/admin/jobs",
    "/admin",
    "/admin/people",
    "/admin/resumes",
    "/admin/attribution",
    "/admin/emails",
  ]) {
    test(`${path} shows nothing without an admin session`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/cohort-settings/);
      await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    });
  }

  test("a non-admin account sees no console data", async ({ page }) => {
    await page.goto("/admin/cohort-settings");
    await page.getByLabel("Email").fill(STAFF);
    await page.getByLabel("Password").fill("e2e admin password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/$/);
    const response = await page.request.get("/admin/people.csv");
    expect(await response.text()).not.toContain("@example.com");
  });
});
