import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueEmail } from "./support";

const OWNER = `owner.funnel.${Date.now()}@example.com`;
const nextYear = String(new Date().getFullYear() + 1);
/** A student's phone browser: headless Chromium's own user agent is (rightly) taken for a bot. */
const STUDENT_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** A fresh 11-character video id, so this run's link is a group of its own. */
const videoId = () => randomBytes(8).toString("base64url").slice(0, 11);

async function generatedLink(page: Page, video: string): Promise<string> {
  await page.goto(`/link-generator?platform=youtube&video=${video}&destinations=resume_template`);
  return page.getByRole("textbox", { name: "Resume Template", exact: true }).inputValue();
}

/** A fresh browser opens the link; `takeResource` also sends the resume template's form. */
async function student(browser: Browser, link: string, takeResource: boolean) {
  const context = await browser.newContext({ userAgent: STUDENT_AGENT });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (takeResource) {
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("funnel"));
    await page.getByLabel("University").fill("State University");
    await page.getByLabel("Graduation year").fill(nextYear);
    await page.getByRole("button", { name: "Get Your Free Resource" }).click();
    await expect(page).toHaveURL(/\?sent=1$/);
  }
  await context.close();
}

/** The CSV's row for a group as numbers: visitors, leads, …, revenue. */
async function csvRow(owner: Page, group: "source" | "term", name: string) {
  const response = await owner.request.get(`/admin/funnel.csv?group=${group}`);
  expect(response.status()).toBe(200);
  const lines = (await response.text()).trim().split("\r\n");
  expect(lines[0]).toBe(
    "group,visitors,leads,applications,qualified,checkouts,paid,graduated,offer,revenue",
  );
  const line = lines.find((l) => l.startsWith(`"${name}",`));
  return line ? line.split(",").slice(1).map(Number) : [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
}

test.describe("the funnel", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async () => await createAccount(OWNER, true));

  test("three browsers open a generated YouTube link and one takes the resume template: 3 visitors and 1 lead", async ({
    browser,
  }) => {
    const owner = await (await browser.newContext()).newPage();
    await logIn(owner, OWNER);
    const before = await csvRow(owner, "source", "youtube");

    const video = videoId();
    const link = await generatedLink(owner, video);
    expect(link).toContain(`utm_term=yt_${video}`);
    await student(browser, link, true);
    await student(browser, link, false);
    await student(browser, link, false);

    // Views are written once a second, off the request path (on a loaded machine, later).
    await expect(async () => {
      expect((await csvRow(owner, "term", `yt_${video}`)).slice(0, 2)).toEqual([3, 1]);
    }).toPass({ timeout: 30_000 });
    const after = await csvRow(owner, "source", "youtube");
    expect(after[0]! - before[0]!).toBe(3);
    expect(after[1]! - before[1]!).toBe(1);

    await owner.goto("/admin");
    await owner.getByRole("link", { name: "Funnel", exact: true }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "Funnel" })).toBeVisible();
    await owner.getByLabel("Group by").selectOption("term");
    await owner.getByRole("button", { name: "Show" }).click();
    const row = owner.locator(`tr[data-group="yt_${video}"]`);
    await expect(row.locator('[data-step="visitors"] span').first()).toHaveText("3");
    await expect(row.locator('[data-step="leads"] span').first()).toHaveText("1");
    await expect(row.locator('[data-step="leads"]')).toContainText("33%");
    await expect(owner.getByRole("img", { name: /^Funnel: \d+ visitors/ })).toBeVisible();
    await expectNoAxeViolations(owner);
  });

  test("the home page counts its visits too", async ({ browser }) => {
    const source = `home${Date.now()}`;
    const context = await browser.newContext({ userAgent: STUDENT_AGENT });
    const visit = await context.newPage();
    const response = await visit.goto(`/?utm_source=${source}`);
    // A tagged landing sets a cookie (the visitor and the link): the page is not to be stored.
    expect((await response!.allHeaders())["set-cookie"]).toContain("fsts_vid=");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await context.close();
    const owner = await (await browser.newContext()).newPage();
    await logIn(owner, OWNER);
    await expect(async () => {
      expect((await csvRow(owner, "source", source)).slice(0, 2)).toEqual([1, 0]);
    }).toPass({ timeout: 10_000 });
  });

  test("the dashboard draws its charts on the server, each with its numbers in words", async ({
    page,
  }) => {
    await logIn(page, OWNER);
    await page.goto("/admin");
    const daily = page.getByRole("img", { name: /^Over 30 days: \d+ visitors/ });
    await expect(daily).toBeVisible();
    await expect(
      page.getByRole("img", { name: /^\d+ visitors, \d+ leads, \d+ paid\.$/ }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: /^\d+ seats in all: Paid \d+/ })).toBeVisible();
    // The text alternative: every chart's numbers as a table.
    await page.getByText("The numbers").first().click();
    const table = page.getByRole("table").filter({ hasText: "Visitors" }).first();
    await expect(table.getByRole("row")).toHaveCount(31);
    // Drawn on the server: the charts are in the HTML before any script runs.
    const html = await (await page.request.get("/admin")).text();
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Over 30 days:/);
    await expectNoAxeViolations(page);
  });
});
