import type { Page } from "@playwright/test";
import { COUNTED_PAGES } from "../../app/domain/page-view";
import { ADMIN_PATH, createAccount, fillLogin } from "./admin-support";
import { expect, test } from "./fixtures";
import { uniqueEmail } from "./support";

/**
 * Each page carries inline only the CSS rules its markup can use (app/lib/critical-css.server.ts).
 * The proof that nothing it needs was cut: without JavaScript (nothing changes the markup), every
 * element and its ::before/::after compute exactly the same styles before and after the whole
 * stylesheet is added to the page: every public page, the console's sign-in and the 404. With
 * JavaScript, the whole stylesheet is fetched once the page has loaded and applied (in the same frame)
 * only once a script adds markup, which then looks as it does with the whole stylesheet.
 */
const PAGES = [...COUNTED_PAGES, ADMIN_PATH, "/no-such-page"];

/** Every element's computed style (and its pseudo-elements'), one line each. */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body, body *")].flatMap((element, index) =>
      [null, "::before", "::after"].map((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        // Custom properties aside: the unused ones are cut, the used ones show in the values.
        const values = [...style]
          .filter((name) => !name.startsWith("--"))
          .map((name) => `${name}:${style.getPropertyValue(name)}`);
        return `${index} ${element.tagName}${pseudo ?? ""} ${values.join(";")}`;
      }),
    ),
  );
}

/** The whole stylesheet's address, as the page's enhancement has it. */
async function stylesheetHref(page: Page): Promise<string> {
  const href = /"stylesheet":"([^"]+\.css)"/.exec(await page.content())?.[1];
  expect(href, "the enhancement names the whole stylesheet").toBeTruthy();
  return href!;
}

async function expectSameStylesWithWholeStylesheet(page: Page, { inlineIsPartial = true } = {}) {
  const href = await stylesheetHref(page);
  const whole = await (await page.request.get(href)).text();
  const inline = await page.evaluate(() => document.querySelector("head style")?.textContent ?? "");
  if (inlineIsPartial)
    expect(inline.length, "the page carries less than the whole stylesheet").toBeLessThan(
      whole.length * 0.8,
    );
  const before = await computedStyles(page);
  // A <style> applies at once (with JavaScript off, no load event would reach a handler).
  await page.evaluate((css) => {
    const style = document.createElement("style");
    style.textContent = css;
    document.head.appendChild(style);
  }, whole);
  const after = await computedStyles(page);
  expect(after.length).toBe(before.length);
  // Each line is "index element property:value;…"; the order of the properties may differ.
  const split = (line = "") => {
    const at = line.indexOf(" ", line.indexOf(" ") + 1);
    return [line.slice(0, at), new Set(line.slice(at + 1).split(";"))] as const;
  };
  const changed = after.flatMap((line, i) => {
    const [element, is] = split(line);
    const [, was] = split(before[i]);
    const gone = [...was].filter((value) => !is.has(value));
    const added = [...is].filter((value) => !was.has(value));
    if (!gone.length && !added.length) return [];
    return [`${element} -${gone.join(";")} +${added.join(";")}`.slice(0, 300)];
  });
  expect(changed).toEqual([]);
}

test.describe("critical CSS without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of PAGES) {
    test(`${path} looks the same with the whole stylesheet`, async ({ page }) => {
      await page.goto(path);
      await expectSameStylesWithWholeStylesheet(page);
    });
  }

  test("the signed-in console looks the same with the whole stylesheet", async ({ page }) => {
    const owner = uniqueEmail("critical-css-owner");
    createAccount(owner, true);
    await page.goto(ADMIN_PATH);
    await fillLogin(page, owner);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cohort Settings");
    await expectSameStylesWithWholeStylesheet(page);
  });
});

/** How many stylesheets apply to the page (the inline one, and the whole one once added). */
const appliedSheets = (page: Page) => page.evaluate(() => document.styleSheets.length);

/** The whole stylesheet is fetched once the page has loaded (a response seen) and not applied. */
async function expectWholeStylesheetFetchedOnly(page: Page, path: string) {
  const fetched = page.waitForResponse((response) =>
    /\/assets\/app-[^/]+\.css$/.test(response.url()),
  );
  await page.goto(path);
  await fetched;
  expect(await appliedSheets(page), "only the inline stylesheet applies").toBe(1);
}

test.describe("with JavaScript", () => {
  test("a hydrated page applies the whole stylesheet when React adds markup", async ({ page }) => {
    await expectWholeStylesheetFetchedOnly(page, "/link-generator");
    await expect(page.locator("form[data-hydrated='true']")).toBeAttached();
    expect(await appliedSheets(page), "hydration adds nothing").toBe(1);
    await page.getByLabel("YouTube video URL or ID").fill("dQw4w9WgXcQ");
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    // Submitted from the keyboard: a hovered button would be mid-transition when compared.
    await page.getByRole("button", { name: "Generate Links" }).press("Enter");
    await expect(page.getByText("Links for video ID dQw4w9WgXcQ")).toBeVisible();
    expect(await appliedSheets(page), "new markup brings the whole stylesheet").toBe(2);
    await expectSameStylesWithWholeStylesheet(page, { inlineIsPartial: false });
  });

  test("markup added before the fetch has arrived brings the stylesheet by a link", async ({
    page,
  }) => {
    let held = true;
    await page.route(/\/assets\/app-[^/]+\.css$/, (route, request) =>
      // The enhancement's fetch never answers; the link's request goes through.
      held && request.resourceType() === "fetch" ? undefined : route.continue(),
    );
    await page.goto("/resume-review");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("First name").press("Enter");
    await expect(page.locator("[data-toast][data-client]")).toBeVisible();
    await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);
    await expect.poll(() => appliedSheets(page)).toBe(2);
    held = false;
    await expectSameStylesWithWholeStylesheet(page, { inlineIsPartial: false });
  });

  test("a static page applies it when the enhancement shows a toast", async ({ page }) => {
    await expectWholeStylesheetFetchedOnly(page, "/resume-review");
    // Submitted from the keyboard: a hovered button would be mid-transition when compared.
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("First name").press("Enter");
    await expect(page.locator("[data-toast][data-client]")).toBeVisible();
    expect(await appliedSheets(page)).toBe(2);
    await expectSameStylesWithWholeStylesheet(page, { inlineIsPartial: false });
  });
});
