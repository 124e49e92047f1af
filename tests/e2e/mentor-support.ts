import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { e2eDatabaseUrl } from "./env";
import { expect } from "./fixtures";
import { applyAs, payOnTestCheckout } from "./people";
import { decodedMail, mailTo, withDb } from "./support";

/** A mentor made the way the README says: with the admin CLI, against the server's database. */
export function createMentor(email: string, name: string) {
  execFileSync(
    "npx",
    ["tsx", "scripts/admin.ts", "create", "--email", email, "--role", "mentor", "--name", name],
    { env: { ...process.env, DATABASE_URL: e2eDatabaseUrl }, stdio: "pipe" },
  );
}

/** A student with a paid seat in the current cohort, paid through the site in their own browser. */
export async function payingStudent(browser: Browser, email: string): Promise<string> {
  const page = await applyAs(browser, email);
  await expect(page).toHaveURL(/\/enroll$/);
  await payOnTestCheckout(page);
  await page.context().close();
  return personId(email);
}

export const personId = (email: string) =>
  withDb(async (db) => {
    const row = await db
      .selectFrom("people")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return row.id;
  });

/** Assigns the student's paid seat to the mentor by hand (what the assignment at payment does). */
export const assignMentor = (studentEmail: string, mentorEmail: string) =>
  withDb(async (db) => {
    const mentor = await db
      .selectFrom("mentors")
      .select("id")
      .where("email", "=", mentorEmail)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("payments")
      .set({ mentor_id: mentor.id })
      .where("email", "=", studentEmail)
      .where("status", "=", "paid")
      .execute();
  });

/** Every portal sign-in link emailed to an address so far. */
function signInLinks(email: string): string[] {
  const links = mailTo(email).flatMap((raw) =>
    [...decodedMail(raw).matchAll(/https?:\/\/[^\s"<>]+\/portal\/login\/[\w-]+/g)].map(
      (match) => match[0],
    ),
  );
  return [...new Set(links)];
}

/** Asks /portal for a sign-in link, opens the one that arrives by email and uses it. */
export async function signInToPortal(page: Page, email: string) {
  const before = new Set(signInLinks(email));
  await page.goto("/portal");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  let link: string | undefined;
  await expect
    .poll(() => (link = signInLinks(email).find((found) => !before.has(found))), {
      timeout: 15_000,
    })
    .toBeTruthy();
  await page.goto(link!);
  await page.getByRole("button", { name: "Sign me in" }).click();
}

/** How far the page reaches sideways (more than the viewport: it scrolls horizontally). */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
