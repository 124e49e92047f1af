import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
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

/** axe-core's browser build, put into a page the first time it is checked. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * axe-core's every rule on the page, as a reader sees it when it is still. A toast fading out is
 * translucent and axe measures contrast as it is at that moment: so a fade under way is let
 * finish, and the toasts still waiting to fade are held while axe runs, then let go.
 *
 * axe runs in the page itself (`axe.run`), as @axe-core/playwright's legacy mode does: no page of
 * ours has a frame, so its partial runs per frame and the blank page it opens to join them cost
 * about 1.4 s a check and add nothing (docs/testing.md).
 */
export async function expectNoAxeViolations(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
    const fading = finite.filter((a) => a.effect?.getComputedTiming().progress != null);
    await Promise.all(fading.map((a) => a.finished.catch(() => undefined)));
    const held = finite.filter((a) => a.playState === "running");
    held.forEach((a) => a.pause());
    try {
      const { axe } = window as unknown as {
        axe: { run: (...args: unknown[]) => Promise<AxeResults> };
      };
      const results = await axe.run(document, { resultTypes: ["violations"] });
      return results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
    } finally {
      held.forEach((a) => a.play());
    }
  });
  expect(violations).toEqual([]);
}
