import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { createAccount as createAccountRow } from "../../app/features/accounts/accounts.server";
import { sessionCookie } from "../support/admin";
import { e2eDatabaseUrl, e2eSessionSecret } from "./env";
import { addSessionCookie, withDb } from "./support";

export const ADMIN_PATH = "/admin/cohort-settings";
const ADMIN_PASSWORD = "e2e admin password";

/**
 * An account made by the admin CLI itself, as the README has the owner do it: `tsx
 * scripts/admin.ts create` against the server's database. admin.spec.ts makes its accounts so;
 * every other spec uses `createAccount`, the CLI's own function without the process start.
 */
export async function createAccountWithCli(email: string, admin: boolean) {
  // A spec's beforeAll runs again for each group of its tests a worker takes.
  if (await accountExists(email)) return;
  runAdminCli(["create", "--email", email, ...(admin ? [] : ["--no-admin"])], {
    ADMIN_PASSWORD: ADMIN_PASSWORD,
  });
}

/** `npm run admin -- <args>` as a process, against the worker's server's database. */
export function runAdminCli(args: string[], env: Record<string, string> = {}) {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl, ...env },
    stdio: "pipe",
  });
}

/**
 * An account with ADMIN_PASSWORD, made by the function the admin CLI calls; kept when it exists
 * already (a spec's beforeAll runs again for each group of its tests a worker takes).
 */
export async function createAccount(email: string, admin: boolean) {
  if (await accountExists(email)) return;
  await withDb((db) =>
    createAccountRow(db, { email, password: ADMIN_PASSWORD, isAdmin: admin }, new Date()),
  );
}

const accountExists = (email: string) =>
  withDb(async (db) => {
    const row = await db
      .selectFrom("admin_users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    return row !== undefined;
  });

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

/**
 * Signs in through the login form (admin.spec.ts and flash-toasts.spec.ts prove the form); with
 * JavaScript off the login form is a plain post (nothing to wait for to hydrate).
 */
export async function logInWithForm(
  page: Page,
  email: string,
  options: { javaScript?: boolean } = {},
) {
  if (options.javaScript === false) await page.goto(ADMIN_PATH);
  else await openAdmin(page);
  await fillLogin(page, email);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cohort Settings" })).toBeVisible();
}

/**
 * Signs the page's browser in as the account: a session row and its signed cookie, as a
 * successful login writes them (the login form has its own tests), then opens the settings.
 */
export async function logIn(page: Page, email: string) {
  const cookie = await withDb(async (db) => {
    const account = await db
      .selectFrom("admin_users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const expires = new Date(Date.now() + 8 * 3_600_000).toISOString();
    return sessionCookie(db, [e2eSessionSecret], account.id, expires);
  });
  await addSessionCookie(page, cookie);
  await page.goto(ADMIN_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Cohort Settings" })).toBeVisible();
}
