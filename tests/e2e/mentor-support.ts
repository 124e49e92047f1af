import type { Browser, Page } from "@playwright/test";
import type { AppContext } from "../../app/context";
import { mentorSchema } from "../../app/features/mentors/mentor-forms";
import { systemClock } from "../../app/lib/clock";
import { addMentor } from "../../app/features/mentors/mentors.server";
import { portalUserByEmail } from "../../app/features/portal/portal-users.server";
import { startPortalSession } from "../../app/features/portal/session.server";
import { runAdminCli } from "./admin-support";
import { e2eSessionSecret } from "./env";
import { expect } from "./fixtures";
import { payOnTestCheckout, submitApplication } from "./people";
import { addSessionCookie, decodedMail, mailTo, withDb } from "./support";

/**
 * A mentor made by the admin CLI itself, as the README says (`tsx scripts/admin.ts create --role
 * mentor`): portal-mentor.spec.ts makes one so; the other specs use `createMentor`.
 */
export function createMentorWithCli(email: string, name: string) {
  runAdminCli(["create", "--email", email, "--role", "mentor", "--name", name]);
}

/** A mentor made by the function the admin CLI calls, with the console's own rules. */
export async function createMentor(email: string, name: string) {
  const input = mentorSchema.parse({ email, name });
  await withDb((db) => addMentor(db, "cli", input, new Date()));
}

/** A student with a paid seat in the current cohort, paid through the site in a browser of their own. */
export async function payingStudent(browser: Browser, email: string): Promise<string> {
  // Without JavaScript: the same forms and server, without hydrating three pages a test is not about.
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await submitApplication(page, email);
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
async function signInLinks(email: string): Promise<string[]> {
  const links = (await mailTo(email)).flatMap((raw) =>
    [...decodedMail(raw).matchAll(/https?:\/\/[^\s"<>]+\/portal\/login\/[\w-]+/g)].map(
      (match) => match[0],
    ),
  );
  return [...new Set(links)];
}

/**
 * Asks /portal for a sign-in link, opens the one that arrives by email and uses it
 * (portal-mentor.spec.ts; the other specs sign in with `signInToPortal`).
 */
export async function signInByEmailLink(page: Page, email: string) {
  const before = new Set(await signInLinks(email));
  await page.goto("/portal");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await signInLinks(email)).find((found) => !before.has(found))), {
      timeout: 15_000,
    })
    .toBeTruthy();
  await page.goto(link!);
  await page.getByRole("button", { name: "Sign me in" }).click();
}

/** How far the page reaches sideways (more than the viewport: it scrolls horizontally). */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Signs the page's browser in to the portal as the mentor or paid student at `email`: the
 * session the emailed link would start (the portal's own `startPortalSession`, its cookie signed
 * with the server's secret), then opens /portal, which leads to their home.
 */
export async function signInToPortal(page: Page, email: string) {
  const cookie = await withDb(async (db) => {
    const user = await portalUserByEmail(db, email);
    if (!user) throw new Error(`${email} is neither an active mentor nor a paid student`);
    // What the session code reads of a request's context: the database, clock and secret.
    const context = {
      services: { db, clock: systemClock, config: { sessionSecrets: [e2eSessionSecret] } },
      secure: false,
    } as unknown as AppContext;
    return startPortalSession(new Request("http://localhost/portal"), context, user);
  });
  await addSessionCookie(page, cookie.split(";")[0]!);
  await page.goto("/portal");
}
