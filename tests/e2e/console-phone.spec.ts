import type { Browser, Page } from "@playwright/test";
import { tableText } from "../../app/content/tables";
import { codesIn } from "../support/console-codes";
import { minimalDocx } from "../support/docx-fixtures";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createMentor } from "./mentor-support";
import { payOnTestCheckout, takeResumeTemplate } from "./people";
import {
  fillApplication,
  releaseAllHolds,
  setCohort,
  uniqueEmail,
  waitForHydration,
  withDb,
} from "./support";

/**
 * The owner's console on a phone, and in words: at 390 px no console page scrolls sideways, and
 * none shows a stored code (a status, a reason, a tag, an email's kind…), a JSON list or an ISO
 * timestamp. The data is seeded through the site itself: an applicant who pays, one with a
 * question, one waitlisted, a lead who takes a resource, a resume for review and a broadcast.
 */

const OWNER = uniqueEmail("owner-phone");
const nextYear = String(new Date().getFullYear() + 1);
/** A phone's browser: headless Chromium's own user agent is taken for a bot and not counted. */
const PHONE_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const PHONE = { width: 390, height: 844 };
const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A JSON list or object printed as such: `["a","b"]`, `{"utm_source":…}`. */
const JSON_TEXT = /[[{]"/;

/** A phone's browser; the people who only make the console's data use theirs without JavaScript. */
async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({
    userAgent: PHONE_AGENT,
    viewport: PHONE,
    javaScriptEnabled,
  });
  return context.newPage();
}

async function apply(
  browser: Browser,
  email: string,
  answers: Parameters<typeof fillApplication>[1] = { email },
  question = "",
) {
  const page = await phone(browser, false);
  await page.goto("/apply?utm_source=youtube&utm_campaign=application&utm_term=yt_phone1");
  await fillApplication(page, { ...answers, email });
  if (question) await page.getByLabel(/any questions for us/).fill(question);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).not.toHaveURL(/\/apply$/);
  return page;
}

async function takeResource(browser: Browser, email: string) {
  await takeResumeTemplate(
    await phone(browser, false),
    email,
    "?utm_source=linkedin&utm_campaign=resume_template",
  );
}

async function sendResume(browser: Browser, email: string) {
  const page = await phone(browser, false);
  await page.goto("/resume-review");
  await page.getByLabel("First name").fill("Rae");
  await page.getByLabel("Last name").fill("Viewer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("University").fill("State University");
  await page.getByLabel("Graduation year").fill(nextYear);
  await page.locator("input[type=file]").setInputFiles({
    name: "resume.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: Buffer.from(minimalDocx()),
  });
  await page.getByRole("button", { name: "Submit for Review" }).click();
  await expect(page.getByRole("heading", { name: "Resume Submitted!" })).toBeVisible();
  await page.context().close();
}

const personId = (email: string) =>
  withDb(async (db) => {
    const row = await db
      .selectFrom("people")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return row.id;
  });

const emailId = (to: string, kind: string) =>
  withDb(async (db) => {
    const row = await db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", to)
      .where("kind", "=", kind)
      .executeTakeFirstOrThrow();
    return row.id;
  });

/** The smallest text of the page's charts, in CSS pixels as drawn (Infinity when none). */
const smallestChartText = (page: Page) =>
  page.evaluate(() => {
    const sizes: number[] = [];
    for (const figure of document.querySelectorAll("figure")) {
      for (const el of figure.querySelectorAll<HTMLElement | SVGElement>("*")) {
        const own = [...el.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!own) continue;
        // SVG text shrinks with its drawing: measure it as drawn; HTML text by its font size.
        sizes.push(
          el instanceof SVGElement
            ? el.getBoundingClientRect().height
            : parseFloat(getComputedStyle(el).fontSize),
        );
      }
    }
    return Math.min(Infinity, ...sizes);
  });

/** Opens every collapsed block (the charts' numbers, the submissions), so their text is read too. */
const openAll = (page: Page) =>
  page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));

test.describe("the console on a phone, in words", () => {
  // Every console page, twice over, with axe: minutes on a busy two-core machine.
  test.describe.configure({ timeout: 360_000 });

  test("every console page fits 390 px and shows no code, JSON or ISO time", async ({
    browser,
  }) => {
    await createAccount(OWNER, true);
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-11" });

    const payer = uniqueEmail("phone-payer");
    const asker = uniqueEmail("phone-asker");
    const busy = uniqueEmail("phone-busy");
    const lead = uniqueEmail("phone-lead");
    const resume = uniqueEmail("phone-resume");

    const payerPage = await apply(browser, payer);
    await expect(payerPage).toHaveURL(/\/enroll$/);
    await payOnTestCheckout(payerPage);
    await payerPage.context().close();
    await (
      await apply(
        browser,
        asker,
        { email: asker, ready: "I have questions before deciding" },
        "Is there a payment plan?",
      )
    )
      .context()
      .close();
    await (await apply(browser, busy, { email: busy, hours: "No" })).context().close();
    await takeResource(browser, lead);
    await sendResume(browser, resume);

    // A delivery that failed for good, with the mail server's words, and a bounced address.
    await withDb(async (db) => {
      await db
        .updateTable("outbox")
        .set({
          status: "failed",
          attempts: 3,
          last_error: "550 5.1.1 <someone@example.com>: Recipient address rejected: User unknown",
        })
        .where("to_address", "=", busy)
        .execute();
      await db
        .updateTable("people")
        .set({ undeliverable_at: new Date().toISOString(), undeliverable_reason: "550 5.1.1" })
        .where("email", "=", busy)
        .execute();
    });

    await createMentor(uniqueEmail("phone-mentor"), "Pat Phone");
    const owner = await phone(browser);
    await logIn(owner, OWNER);

    // A resume scheduled for a livestream, and a broadcast sent to the resume template's leads.
    await owner.goto("/admin/resumes");
    const row = owner.getByTestId("resume-row").filter({ hasText: resume });
    await row.getByLabel("Livestream date").fill(`${nextYear}-01-12`);
    await row.getByRole("button", { name: "Schedule" }).click();
    await expect(
      owner.locator("[data-toast]").filter({ hasText: "Review scheduled" }),
    ).toBeVisible();
    await owner.goto("/admin/broadcasts");
    await waitForHydration(owner.getByRole("button", { name: "Send", exact: true }));
    await owner.getByLabel("Free resource taken").selectOption({ label: "Resume Template" });
    await owner.getByLabel("Subject").fill("Phone check");
    await owner.getByLabel("Message (Markdown)").fill("News for **you**.");
    await owner.getByRole("button", { name: "Send", exact: true }).click();
    await owner.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
    await expect(owner.getByText("Broadcast on its way")).toBeVisible();

    const cohort = await withDb((db) =>
      db.selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
    );
    const pages = [
      "/admin",
      "/admin/people",
      `/admin/people/${await personId(payer)}`,
      `/admin/people/${await personId(asker)}`,
      `/admin/people/${await personId(busy)}`,
      `/admin/people/${await personId(lead)}`,
      `/admin/people/${await personId(resume)}`,
      "/admin/resumes",
      "/admin/resumes?status=scheduled",
      "/admin/funnel",
      "/admin/attribution",
      "/admin/emails",
      `/admin/emails/${await emailId(payer, "enrollment_confirmation")}`,
      `/admin/emails/${await emailId(busy, "application_waitlist")}`,
      `/admin/emails/${await emailId(lead, "lead_resume")}`,
      "/admin/cohorts",
      `/admin/cohorts/${cohort.id}`,
      "/admin/broadcasts",
      "/admin/sequences",
      "/admin/sequences/resume/1",
      "/admin/jobs",
      "/admin/mentors",
      "/admin/money",
      "/admin/cohort-settings",
    ];

    for (const path of pages) {
      await owner.goto(path);
      await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();
      await openAll(owner);
      const width = await owner.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(width, `${path} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
      const text = await owner.locator("main").innerText();
      expect.soft(text, `${path} shows an ISO time`).not.toMatch(ISO_TIMESTAMP);
      expect.soft(text, `${path} shows JSON`).not.toMatch(JSON_TEXT);
      expect.soft(codesIn(text), `${path} shows stored codes`).toEqual([]);
      // Chart text is set at the page's size, never drawn smaller into a shrunken SVG.
      expect.soft(await smallestChartText(owner), `${path} chart text`).toBeGreaterThanOrEqual(12);
      await expectNoAxeViolations(owner);
    }

    // A table wider than the phone says so, scrolls in its own focusable frame, and shows its
    // key columns first: the email log's subject and state (with Retry) before the rest.
    await owner.goto("/admin/emails?status=failed");
    const log = owner.getByRole("group", { name: "Email log" });
    await expect(owner.getByText(tableText.scrollHint)).toBeVisible();
    expect(await log.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(log.getByRole("columnheader").nth(0)).toHaveText("Subject");
    await expect(log.getByRole("columnheader").nth(1)).toHaveText("State");
    const failed = owner.getByTestId("email-row").filter({ hasText: busy }).first();
    // On screen without scrolling sideways.
    const retry = await failed.getByRole("button", { name: "Retry" }).boundingBox();
    expect(retry!.x + retry!.width).toBeLessThanOrEqual(PHONE.width);
  });
});
