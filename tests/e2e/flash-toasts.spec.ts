import type { Page } from "@playwright/test";
import { minimalDocx } from "../support/docx-fixtures";
import { ADMIN_PATH, createAccount, fillLogin, openAdmin } from "./admin-support";
import { expect, test } from "./fixtures";
import { applyAs, payOnTestCheckout } from "./people";
import {
  fillApplication,
  releaseAllHolds,
  setCohort,
  storedCohort,
  uniqueEmail,
  withDb,
} from "./support";

/**
 * Every successful state change answers 303 (post/redirect/get) and the page it lands on shows
 * the change's toast once, from the flash cookie: with JavaScript (the router follows the
 * redirect it receives as data) and without it (the browser follows the 303 itself).
 */
const ADMIN = uniqueEmail("flash-owner");

function toast(page: Page, title: string) {
  return page.locator("[data-toast]").filter({ hasText: title });
}

/** Runs a form post and checks it was answered with a 303 to `target`. */
async function expect303(page: Page, target: RegExp, post: () => Promise<void>) {
  // A response that sets a cookie is `Cache-Control: private, no-store`, and Chromium keeps no
  // body of it for Playwright to read afterwards: the body is read on its way through.
  let body = "";
  const dataPost = /\.data(\?|$)/;
  await page.route(dataPost, async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const fetched = await route.fetch({ maxRedirects: 0 });
    body = await fetched.text();
    await route.fulfill({ response: fetched, body });
  });
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await post();
  const response = await answer;
  await page.unroute(dataPost);
  if (response.url().includes(".data")) {
    // With JavaScript the router asks for data and receives the redirect in the body.
    expect(body).toContain('"status",303');
    const path = target.source.replace(/^\^/, "").replace(/\$$/, '"');
    expect(body).toMatch(new RegExp(`"redirect","${path}`));
  } else {
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toMatch(target);
  }
  await expect(page).toHaveURL(new RegExp(target.source.replace(/^\^/, "")));
}

async function fillLead(page: Page, email: string) {
  await page.getByLabel("First name").fill("Flash");
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("University").fill("State University");
  await page.getByLabel("Graduation year").fill(String(new Date().getFullYear() + 1));
}

test.beforeAll(async () => {
  await createAccount(ADMIN, true);
});

for (const javaScript of [true, false]) {
  test.describe(`flash toasts ${javaScript ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled: javaScript });

    async function open(page: Page, path: string) {
      if (javaScript && path === ADMIN_PATH) return openAdmin(page);
      await page.goto(path);
    }

    test("a lead form: 303 to the confirmation, the toast once, a refresh sends nothing", async ({
      page,
    }) => {
      const email = uniqueEmail(`flash-lead-${javaScript}`);
      await open(page, "/resume-template");
      await fillLead(page, email);
      await expect303(page, /^\/resume-template\?sent=1$/, () =>
        page.getByRole("button", { name: "Get Your Free Resource" }).click(),
      );
      await expect(page.getByRole("heading", { name: "Check Your Email!" })).toBeVisible();
      await expect(toast(page, "Success!")).toContainText(
        "Check your email for your download link.",
      );

      await page.reload();
      await expect(page.getByRole("heading", { name: "Check Your Email!" })).toBeVisible();
      await expect(toast(page, "Success!")).toHaveCount(0);
      const submissions = await withDb((db) =>
        db
          .selectFrom("submissions")
          .innerJoin("people", "people.id", "submissions.person_id")
          .select("submissions.id")
          .where("people.email", "=", email)
          .execute(),
      );
      expect(submissions).toHaveLength(1);
    });

    test("an application: 303 to its result", async ({ page }) => {
      await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
      await open(page, "/apply");
      await fillApplication(page, {
        email: uniqueEmail(`flash-apply-${javaScript}`),
        targets: ["Banking"],
        ready: "No, add me to the waitlist",
      });
      await expect303(page, /^\/apply\?result=not_ready$/, () =>
        page.getByRole("button", { name: "Submit Application" }).click(),
      );
      await expect(page.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();
    });

    test("the owner's changes: login, save, status, schedule, retry, erase, logout", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(`flash-person-${javaScript}`);
      // Someone to work on: a resume sent for review (a person, an upload and an email).
      const visitor = await browser.newPage();
      await visitor.goto("/resume-review");
      await fillLead(visitor, email);
      await visitor.locator("input[type=file]").setInputFiles({
        name: "resume.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: Buffer.from(minimalDocx()),
      });
      await visitor.getByRole("button", { name: "Submit for Review" }).click();
      await expect(visitor.getByRole("heading", { name: "Resume Submitted!" })).toBeVisible();
      await visitor.close();

      await open(page, ADMIN_PATH);
      await fillLogin(page, ADMIN);
      await expect303(page, /^\/admin\/cohort-settings$/, () =>
        page.getByRole("button", { name: "Login" }).click(),
      );
      await expect(toast(page, "Logged in successfully as admin")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cohort Settings");

      await expect303(page, /^\/admin\/cohort-settings$/, () =>
        page.getByRole("button", { name: "Save Changes" }).click(),
      );
      await expect(toast(page, "Cohort settings have been updated.")).toBeVisible();

      await page.goto("/admin/resumes");
      const row = page.getByTestId("resume-row").filter({ hasText: email });
      await row.getByLabel("Livestream date").fill(`${new Date().getFullYear() + 1}-01-12`);
      await expect303(page, /^\/admin\/resumes/, () =>
        row.getByRole("button", { name: "Schedule" }).click(),
      );
      await expect(toast(page, "Review scheduled and the person emailed.")).toBeVisible();

      const person = await withDb((db) =>
        db.selectFrom("people").select("id").where("email", "=", email).executeTakeFirstOrThrow(),
      );
      // Once the worker is done with their emails (it would mark one it is sending "sent" after
      // this change), they all fail for good.
      await expect
        .poll(async () =>
          withDb(async (db) =>
            Number(
              (
                await db
                  .selectFrom("outbox")
                  .select((eb) => eb.fn.countAll().as("n"))
                  .where("person_id", "=", person.id)
                  .where("status", "=", "pending")
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          ),
        )
        .toBe(0);
      await withDb((db) =>
        db
          .updateTable("outbox")
          .set({ status: "failed", last_error: "550 mailbox unavailable" })
          .where("person_id", "=", person.id)
          .execute(),
      );
      await page.goto("/admin/emails?status=failed");
      await expect303(page, /^\/admin\/emails\?status=failed$/, () =>
        page
          .getByTestId("email-row")
          .filter({ hasText: email })
          .first()
          .getByRole("button", { name: "Retry" })
          .click(),
      );
      await expect(toast(page, "The email is back in the queue.")).toBeVisible();

      const personPath = `/admin/people/${person.id}`;
      await page.goto(personPath);
      await page.getByLabel("New status").selectOption("qualified");
      await page.getByLabel("Reason").fill("Flash toast check");
      await expect303(page, new RegExp(`^${personPath}$`), () =>
        page.getByRole("button", { name: "Update status" }).click(),
      );
      await expect(toast(page, "Status updated.")).toBeVisible();

      await page.getByLabel("Type ERASE to confirm").fill("ERASE");
      await expect303(page, new RegExp(`^${personPath}$`), () =>
        page.getByRole("button", { name: "Erase personal data" }).click(),
      );
      await expect(toast(page, "The person's personal data was erased.")).toBeVisible();

      await expect303(page, /^\/admin\/cohort-settings$/, () =>
        page.getByRole("button", { name: "Logout" }).click(),
      );
      await expect(toast(page, "You have been logged out.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin Login");
    });
    test("the cohort console's changes: create, queue, make current, refund", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      // A paid student, then the cohort made full so the next qualified applicant is queued.
      await releaseAllHolds();
      await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
      const [payer, waiting] = [`cohort-payer-${javaScript}`, `cohort-queued-${javaScript}`].map(
        uniqueEmail,
      ) as [string, string];
      const buyer = await applyAs(browser, payer);
      await expect(buyer).toHaveURL(/\/enroll$/);
      await payOnTestCheckout(buyer);
      await buyer.close();
      await setCohort({ capacity: (await storedCohort()).enrolled_count });
      const queued = await applyAs(browser, waiting);
      await expect(queued).toHaveURL(/\/apply\?result=cohort_full$/);
      await queued.close();

      await open(page, ADMIN_PATH);
      await fillLogin(page, ADMIN);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cohort Settings");

      await page.goto("/admin/cohorts");
      await page.getByLabel("Capacity").fill("4");
      await expect303(page, /^\/admin\/cohorts$/, () =>
        page.getByRole("button", { name: "Create cohort" }).click(),
      );
      await expect(toast(page, "Cohort created.")).toBeVisible();

      const current = await withDb((db) =>
        db.selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
      );
      const cohortPath = `/admin/cohorts/${current.id}`;
      await page.goto(cohortPath);
      await expect303(page, new RegExp(`^${cohortPath}$`), () =>
        page
          .getByTestId("queue-row")
          .filter({ hasText: waiting })
          .getByRole("button", { name: "Remove" })
          .click(),
      );
      await expect(toast(page, "Removed from the queue.")).toBeVisible();

      const payerRow = await withDb((db) =>
        db.selectFrom("people").select("id").where("email", "=", payer).executeTakeFirstOrThrow(),
      );
      const personPath = `/admin/people/${payerRow.id}`;
      await page.goto(personPath);
      await page.getByLabel("Reason for the refund").fill("Flash toast check");
      await page.getByRole("button", { name: "Refund and free the seat" }).click();
      await expect(page.getByRole("button", { name: "Refund $649 now" })).toBeVisible();
      await expect303(page, new RegExp(`^${personPath}$`), () =>
        page.getByRole("button", { name: "Refund $649 now" }).click(),
      );
      await expect(toast(page, "Enrollment refunded.")).toBeVisible();

      await page.goto("/admin/cohorts");
      await expect303(page, /^\/admin\/cohorts$/, () =>
        page.getByRole("button", { name: "Make current" }).first().click(),
      );
      await expect(toast(page, "This cohort is now current.")).toBeVisible();
    });

    test("marketing mail's changes: broadcast, sequence, bounce flag, unsubscribe", async ({
      page,
      browser,
    }) => {
      // Four forms across the console and the public pages: beyond 30 s on a busy machine.
      test.setTimeout(90_000);
      // A lead with consent whose address bounced, so the person page has a flag to clear.
      const lead = uniqueEmail(`flash-tips-${javaScript}`);
      const visitor = await browser.newPage();
      await visitor.goto("/resume-template");
      await fillLead(visitor, lead);
      await visitor.getByLabel(/career tips/).check();
      await visitor.getByRole("button", { name: "Get Your Free Resource" }).click();
      await expect(visitor).toHaveURL(/\?sent=1$/);
      await visitor.close();
      const person = await withDb(async (db) => {
        await db
          .updateTable("people")
          .set({ undeliverable_at: new Date().toISOString(), undeliverable_reason: "550 5.1.1" })
          .where("email", "=", lead)
          .execute();
        return db
          .selectFrom("people")
          .select(["id", "unsubscribe_token"])
          .where("email", "=", lead)
          .executeTakeFirstOrThrow();
      });

      await open(page, ADMIN_PATH);
      await fillLogin(page, ADMIN);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cohort Settings");

      await page.goto("/admin/broadcasts");
      await page.getByLabel("Subject").fill(`Flash broadcast ${javaScript}`);
      await page.getByLabel("Message (Markdown)").fill("Hello **all**.");
      await page.getByRole("button", { name: "Send", exact: true }).click();
      const sendTo = page.getByRole("button", { name: /^Send to \d+ (person|people)$/ });
      await expect(sendTo).toBeVisible();
      await expect303(page, /^\/admin\/broadcasts$/, () => sendTo.click());
      await expect(toast(page, "Broadcast on its way")).toBeVisible();

      await page.goto("/admin/sequences");
      const card = page.getByRole("region", { name: "Cold Outreach Scripts follow-up" });
      await expect303(page, /^\/admin\/sequences$/, () =>
        card.getByRole("button", { name: "Pause" }).click(),
      );
      await expect(toast(page, "Sequence paused")).toBeVisible();
      await expect303(page, /^\/admin\/sequences$/, () =>
        card.getByRole("button", { name: "Resume" }).click(),
      );
      await expect(toast(page, "Sequence resumed")).toBeVisible();

      const personPath = `/admin/people/${person.id}`;
      await page.goto(personPath);
      await expect(page.getByTestId("undeliverable")).toBeVisible();
      await expect303(page, new RegExp(`^${personPath}$`), () =>
        page.getByRole("button", { name: "Clear the undeliverable flag" }).click(),
      );
      await expect(toast(page, "Undeliverable flag cleared")).toBeVisible();
      await expect(page.getByTestId("undeliverable")).toHaveCount(0);

      // The emailed link leads to the page that asks.
      const unsubscribe = `/unsubscribe/${person.unsubscribe_token}/choose`;
      await page.goto(`/unsubscribe/${person.unsubscribe_token}`);
      await expect(page).toHaveURL(new RegExp(`${unsubscribe}$`));
      await expect303(page, new RegExp(`^${unsubscribe}\\?done=news$`), () =>
        page.getByRole("button", { name: "Only send me cohort news" }).click(),
      );
      await expect(toast(page, "Preferences saved")).toBeVisible();
      await expect(
        page.getByRole("heading", { name: "You'll only get cohort news" }),
      ).toBeVisible();
    });

    test("a refused console form: no toast of success, the error under its field", async ({
      page,
    }) => {
      await open(page, ADMIN_PATH);
      await fillLogin(page, ADMIN);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cohort Settings");

      await page.goto("/admin/cohorts");
      const cohorts = await page.getByTestId("cohort-row").count();
      const capacity = page.getByLabel("Capacity");
      await capacity.fill("10001");
      await page.getByRole("button", { name: "Create cohort" }).click();
      await expect(capacity).toHaveAccessibleDescription(
        "Please enter a capacity of at most 10000",
      );
      await expect(capacity).toHaveAttribute("aria-invalid", "true");
      await expect(toast(page, "Cohort created.")).toHaveCount(0);
      await expect(page.getByTestId("cohort-row")).toHaveCount(cohorts);
    });
  });
}
