import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { fillApplication, mailTo } from "./support";

/** A person with their own browser (their own cookies), as two students never share one. */
export async function newBrowser(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Sends a qualifying application for `email` from this page; the page lands on the result. */
export async function submitApplication(
  page: Page,
  email: string,
  options: { tips?: boolean } = {},
) {
  await page.goto("/apply");
  await fillApplication(page, { email, ...options });
  await page.getByRole("button", { name: "Submit Application" }).click();
}

/** Applies in a browser of their own; returns the page where the application landed. */
export async function applyAs(
  browser: Browser,
  email: string,
  options: { tips?: boolean } = {},
): Promise<Page> {
  const page = await newBrowser(browser);
  await submitApplication(page, email, options);
  return page;
}

/** From /enroll: Enroll Now, then pay on the test checkout, ending on "You're In!". */
export async function payOnTestCheckout(page: Page) {
  await page.getByRole("button", { name: "Enroll Now for $649" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await page.getByRole("button", { name: "Pay $649" }).click();
  await expect(page.getByRole("heading", { name: "You're In!" })).toBeVisible();
}

/** Waits (up to the worker's pace) for an email to `email` containing `text`. */
export const gotMail = (email: string, text: string) =>
  expect
    .poll(async () => (await mailTo(email)).some((m) => m.includes(text)), { timeout: 15_000 })
    .toBe(true);

/**
 * Takes the resume template on `page` (its own browser) arriving by `query`'s tags, ticking
 * "career tips", and closes that browser.
 */
export async function takeResumeTemplate(page: Page, email: string, query: string) {
  await page.goto(`/resume-template${query}`);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByLabel("University").fill("State University");
  await page.getByLabel("Graduation year").fill(String(new Date().getFullYear() + 1));
  await page.getByLabel(/career tips/).check();
  await page.getByRole("button", { name: "Get Your Free Resource" }).click();
  await expect(page).toHaveURL(/\?sent=1$/);
  await page.context().close();
}
