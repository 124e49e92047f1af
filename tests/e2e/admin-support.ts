import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { e2eDatabaseUrl } from "./env";

export const ADMIN_PATH = "/admin/cohort-settings";
export const ADMIN_PASSWORD = "e2e admin password";

/** Accounts are made the only way they can be: with the CLI, against the server's database. */
export function createAccount(email: string, admin: boolean) {
  execFileSync(
    "npx",
    ["tsx", "scripts/admin.ts", "create", "--email", email, ...(admin ? [] : ["--no-admin"])],
    {
      env: { ...process.env, DATABASE_URL: e2eDatabaseUrl, ADMIN_PASSWORD: ADMIN_PASSWORD },
      stdio: "pipe",
    },
  );
}

/** Opens the login page and waits until React has hydrated it, so forms submit client-side. */
export async function openAdmin(page: Page) {
  await page.goto(ADMIN_PATH);
  await page.waitForFunction(() => {
    const button = document.querySelector("form button[type=submit]");
    return Boolean(button && Object.keys(button).some((key) => key.startsWith("__react")));
  });
}

export async function fillLogin(page: Page, email: string, password = ADMIN_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
}

/** Signs in; with JavaScript off the login form is a plain post (nothing to wait for to hydrate). */
export async function logIn(page: Page, email: string, options: { javaScript?: boolean } = {}) {
  if (options.javaScript === false) await page.goto(ADMIN_PATH);
  else await openAdmin(page);
  await fillLogin(page, email);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cohort Settings" })).toBeVisible();
}
