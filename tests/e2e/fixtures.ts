import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { e2ePort } from "./env";

/**
 * Every test runs against its worker's own server, and fails on a browser console error it did not
 * expect, or a request leaving localhost.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Playwright reads a fixture's dependencies from this pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(`http://localhost:${e2ePort}`),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.route(/^(?!http:\/\/(localhost|127\.0\.0\.1)[:/]).*/, (route) => route.abort());
    await use(errors);
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
