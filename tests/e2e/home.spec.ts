import type { Locator, Page } from "@playwright/test";
import { startDateDisplay } from "../../app/features/cohort/cohort";
import { LIVE_PARTS_MS } from "../../app/features/site/routes/home";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { releaseAllHolds, setCohort } from "./support";

/** A start date next year (a Wednesday or not: the page shows the Monday of its week). */
const nextYearStart = `${new Date().getFullYear() + 1}-01-13`;

/** The hero's line about the current cohort. */
const cohortLine = (page: Page) => page.locator("main [data-cohort]");

/**
 * The tests change the cohort behind the server's back, as another instance would: the page
 * shows it once the live parts the server keeps have expired (LIVE_PARTS_MS), on a reload.
 */
async function expectAfterReload(page: Page, line: Locator, text: string | RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(line).toHaveText(text, { timeout: 200 });
  }).toPass({ timeout: LIVE_PARTS_MS + 5_000, intervals: [500] });
}

/** The FAQ is seven native <details> sharing a name: one open at a time, each closable. */
async function expectFaqSingleOpenAndCollapsible(page: Page) {
  const faq = page.locator("#faq");
  const questions = faq.locator("summary");
  const items = faq.locator("details");
  await expect(questions).toHaveCount(7);
  await questions.nth(0).click();
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await expect(faq.getByText("5-7 hours per week")).toBeVisible();
  await questions.nth(2).click();
  await expect(items.nth(0)).not.toHaveAttribute("open");
  await expect(items.nth(2)).toHaveAttribute("open", "");
  await expect(faq.getByText("full refund")).toBeVisible();
  await questions.nth(2).click();
  await expect(faq.locator("details[open]")).toHaveCount(0);
  await expect(faq.getByText("full refund")).toBeHidden();
}

test.describe("home page", () => {
  test("shows the sections in order with the spec's facts", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const ids = await page
      .locator("main > section")
      .evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(["", "program", "testimonials", "", "faq"]);
    for (const stat of ["5 Star", "6 Weeks", "4+", "Top"]) {
      await expect(page.locator("#program dl")).toContainText(stat);
    }
    await expect(page.locator("#program ol > li")).toHaveCount(6);
    await expect(page.locator("#testimonials figure[class*='rounded-xl border']")).toHaveCount(4);
    await expect(page.getByRole("img", { name: "5 out of 5 stars" })).toHaveCount(4);
    await expect(page.locator("#testimonials [data-star]")).toHaveCount(20);
    await expect(page.getByText("available upon application").first()).toBeVisible();
    await expect(page.locator("body")).not.toContainText("$649");
    expect(consoleErrors).toEqual([]);
  });

  test.describe("the cohort line", () => {
    test.beforeEach(releaseAllHolds);
    test.afterEach(() => setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 }));

    test("says when the next cohort starts and how many seats are left, as they change", async ({
      page,
    }) => {
      test.setTimeout(4 * LIVE_PARTS_MS + 30_000);
      await setCohort({ capacity: 10, enrolled_count: 7, is_active: 1, start_date: nextYearStart });
      await page.goto("/");
      const start = startDateDisplay(nextYearStart);
      await expectAfterReload(
        page,
        cohortLine(page),
        `Enrollment is open: the next cohort starts the week of ${start}, and 3 of its 10 seats are left.`,
      );
      // In the hero; the fee stays the spec's words.
      const hero = page.locator("main > section").first();
      await expect(hero.locator("[data-cohort]")).toHaveCount(1);
      await expect(hero).toContainText("The program fee is available upon application.");
      await expect(page.locator("body")).not.toContainText("$649");
      // A seat sold while the server runs: a later visit says so.
      await setCohort({ enrolled_count: 9 });
      await expectAfterReload(page, cohortLine(page), /, and 1 of its 10 seats is left\.$/);
      await setCohort({ enrolled_count: 10 });
      await expectAfterReload(
        page,
        cohortLine(page),
        `The cohort starting the week of ${start} is full. You can still apply: if you're a fit, you join the waitlist, and seats that open up are offered in the order people applied.`,
      );
      await expect(cohortLine(page)).toHaveAttribute("data-cohort", "full");
      await setCohort({ enrolled_count: 0, is_active: 0 });
      await expectAfterReload(
        page,
        cohortLine(page),
        "Enrollment is closed for now. You can still apply, and we'll add you to the waitlist for the next cohort.",
      );
      await setCohort({ is_active: 1, start_date: null });
      await expectAfterReload(
        page,
        cohortLine(page),
        "Enrollment is open for our next cohort: 10 of its 10 seats are left.",
      );
    });
  });

  test("a video with no provider id shows a poster that links to the channel", async ({ page }) => {
    await page.goto("/");
    const posters = page.getByRole("link", {
      name: "Watch on our YouTube channel (opens in a new tab)",
    });
    await expect(posters).toHaveCount(2);
    for (const poster of await posters.all()) {
      await expect(poster).toHaveAttribute("href", "https://www.youtube.com/@fromscratchtosuccess");
      await expect(poster).toHaveAttribute("target", "_blank");
      await expect(poster).toHaveAttribute("rel", "noopener noreferrer");
      await expect(poster).toBeVisible();
    }
    await expect(page.locator("body")).not.toContainText("coming soon");
  });

  test("is rendered like every page: one inline script, allowed by the response's own nonce", async ({
    page,
    request,
  }) => {
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // The same policy as any other page, but for the nonce.
    const other = (await request.get("/privacy")).headers()["content-security-policy"] ?? "";
    const withoutNonce = (policy: string) => policy.replace(/'nonce-[^']+'/, "'nonce'");
    expect(withoutNonce(csp)).toBe(withoutNonce(other));
    const scripts = await page.locator("script").evaluateAll((all) =>
      all.map((s) => ({
        src: (s as HTMLScriptElement).src,
        nonce: (s as HTMLScriptElement).nonce,
      })),
    );
    expect(scripts).toEqual([{ src: "", nonce }]);
    expect(await page.locator("link[rel=modulepreload], script[type=module]").count()).toBe(0);
    const again = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(again.headers()["content-security-policy"]).not.toContain(nonce!);
    expect(again.headers()["content-encoding"]).toBe("gzip");
  });

  test("a hydrated page's scripts carry the response's own nonce", async ({ page }) => {
    const response = await page.goto("/link-generator");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scriptNonces = await page
      .locator("script")
      .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(1);
    for (const value of scriptNonces) expect(value).toBe(nonce);
    const second = await page.request.get("/link-generator");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
  });

  test("a hydrated page links the one hashed stylesheet and hydrates", async ({ page }) => {
    const html = await (await page.request.get("/link-generator")).text();
    const href = /<link[^>]* rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(href, "the page links the stylesheet").toBeTruthy();
    const css = await page.request.get(href!);
    expect(css.headers()["cache-control"]).toContain("immutable");
    await page.goto("/link-generator");
    // The link generator marks its form once React has hydrated it.
    await expect(page.locator("form[data-hydrated='true']")).toBeAttached();
  });

  test("navigation items scroll on the home page", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Program" }).click();
    await expect(page.locator("#program")).toBeInViewport();
    await nav.getByRole("link", { name: "Success Stories" }).click();
    await expect(page.locator("#testimonials")).toBeInViewport();
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page.locator("h1")).toBeInViewport();
    await nav.getByRole("link", { name: "Apply Now" }).click();
    await expect(page).toHaveURL(/\/apply$/);
  });

  test("navigation items from another page go home first, then scroll", async ({ page }) => {
    for (const [name, id] of [
      ["Program", "program"],
      ["Success Stories", "testimonials"],
    ] as const) {
      await page.goto("/does-not-exist");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    await page.goto("/does-not-exist");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home", exact: true })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).toHaveText("From Scratch to Success");
  });

  test("phone menu opens, lists the items, and closes after an action or Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link")).toHaveText([
      "Home",
      "Program",
      "Success Stories",
      "Apply Now",
    ]);
    await menu.getByRole("link", { name: "Program" }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator("#program")).toBeInViewport();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Home" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("FAQ is single-open and collapsible", async ({ page }) => {
    await page.goto("/");
    await expectFaqSingleOpenAndCollapsible(page);
  });

  test("footer links", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    const channel = footer.getByRole("link", { name: "Watch on YouTube" });
    await expect(channel).toHaveAttribute("target", "_blank");
    await expect(channel).toHaveAttribute("rel", "noopener noreferrer");
    await expect(footer.getByRole("link", { name: "Email us" })).toHaveAttribute(
      "href",
      /^mailto:/,
    );
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toBeVisible();
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    // One refund policy: the same words as the FAQ's answer and /enroll's.
    await expect(page.getByRole("heading", { name: "Our refund policy" })).toBeVisible();
    await expect(page.getByText("30-day promise", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/");
    await footer.getByRole("link", { name: "Program Details" }).click();
    await expect(page.locator("#program")).toBeInViewport();
    await page.goto("/does-not-exist");
    await page.locator("footer").getByRole("link", { name: "Success Stories" }).click();
    await expect(page.locator("#testimonials")).toBeInViewport();
    await page.locator("footer").getByRole("link", { name: "Apply Now" }).click();
    await expect(page).toHaveURL(/\/apply$/);
  });

  test("a video's provider scripts are added with the page and gone with it", async ({ page }) => {
    // No provider is configured here: give the home page's hero one, as configuring would.
    await page.route(
      (url) => url.pathname === "/",
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          'class="relative aspect-video w-full"',
          'class="relative aspect-video w-full" data-video-scripts="[&quot;/video-test.js&quot;]"',
        );
        const headers = response.headers();
        delete headers["content-encoding"];
        delete headers["content-length"];
        await route.fulfill({ response, body: html, headers });
      },
    );
    await page.route("**/video-test.js", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.videoLoaded = true;" }),
    );
    await page.goto("/");
    await expect(page.locator('script[src="/video-test.js"]')).toHaveCount(1);
    await expect.poll(async () => page.evaluate(() => "videoLoaded" in window)).toBe(true);
    await page.locator("main").getByRole("link", { name: "Apply Now" }).first().click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.locator('script[src="/video-test.js"]')).toHaveCount(0);
  });

  test("has no axe violations", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });
});

test.describe("home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cohort line is in the page as served", async ({ page }) => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 2, is_active: 1, start_date: null });
    await page.goto("/");
    await expectAfterReload(
      page,
      cohortLine(page),
      "Enrollment is open for our next cohort: 8 of its 10 seats are left.",
    );
    await setCohort({ enrolled_count: 0 });
  });

  test("anchors, the FAQ and the footer work in plain HTML", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Program" }).click();
    await expect(page).toHaveURL(/\/#program$/);
    await expect(page.locator("#program")).toBeInViewport();
    await expectFaqSingleOpenAndCollapsible(page);
    for (const [name, id] of [
      ["Program", "program"],
      ["Success Stories", "testimonials"],
    ] as const) {
      await page.goto("/privacy");
      await nav.getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    await page.goto("/privacy");
    await page.locator("footer").getByRole("link", { name: "Success Stories" }).click();
    await expect(page.locator("#testimonials")).toBeInViewport();
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).toBeInViewport();
  });

  test("the phone menu opens, closes on Escape, and is gone after going to a page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu.getByRole("link")).toHaveText([
      "Home",
      "Program",
      "Success Stories",
      "Apply Now",
    ]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole("link", { name: "Apply Now" }).click();
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.locator("#site-menu")).toBeHidden();
  });
});

test.describe("not-found page", () => {
  for (const path of ["/nope", "/admin/unknown/deep?x=1"]) {
    test(`answers 404 for ${path} and logs the path`, async ({ page }) => {
      const logged: string[] = [];
      page.on("console", (message) => logged.push(message.text()));
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await expect.poll(async () => logged.join("\n")).toContain(path.split("?")[0]!);
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("has no axe violations", async ({ page }) => {
    await page.goto("/nope");
    await expectNoAxeViolations(page);
  });
});
