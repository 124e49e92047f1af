import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { openDatabase, type DB } from "../../app/db/database.server";
import { currentCohortRow, setCurrentCohort, type CohortValues } from "../support/cohort";
import { e2eDatabaseUrl, e2eDataDir, e2ePort } from "./env";

/** Opens the running e2e server's database (SQLite in WAL mode allows a second connection). */
export async function withDb<T>(fn: (db: DB) => Promise<T>): Promise<T> {
  const handle = await openDatabase(e2eDatabaseUrl, { migrate: false });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Hands the page's browser a session cookie ("name=value", as the server would set it: httpOnly,
 * SameSite=Lax, for the worker's server).
 */
export async function addSessionCookie(page: Page, nameValue: string) {
  const split = nameValue.indexOf("=");
  await page.context().addCookies([
    {
      name: nameValue.slice(0, split),
      value: nameValue.slice(split + 1),
      url: `http://localhost:${e2ePort}`,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

export async function setCohort(values: CohortValues) {
  await withDb((db) => setCurrentCohort(db, values));
}

/**
 * Frees every held or offered seat and empties the seat queues, so a test starts with the whole
 * cohort available (people queued by an earlier test would otherwise be offered its seats).
 */
export async function releaseAllHolds() {
  await withDb(async (db) => {
    await db
      .updateTable("waitlist_entries")
      .set({ status: "removed" })
      .where("status", "in", ["waiting", "offered"])
      .execute();
    await db
      .updateTable("seat_holds")
      .set({ status: "released", offer_token_hash: null })
      .where("status", "=", "held")
      .execute();
  });
}

/** The email as saved in the mailbox, quoted-printable undone. */
export const decodedMail = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/**
 * The messages delivered to someone, oldest first, as a mail client reads them (the .eml files of
 * the local mailbox): the outbox says which rows went to the address, and each row's file is named
 * after it, so only those files are read.
 */
export async function mailTo(address: string): Promise<string[]> {
  const ids = await withDb(async (db) => {
    const rows = await db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", address)
      .where("status", "=", "sent")
      .execute();
    return new Set(rows.map((row) => row.id));
  });
  if (ids.size === 0) return [];
  const dir = path.join(e2eDataDir, "mail");
  return readdirSync(dir)
    .filter((file) => ids.has(file.slice(file.indexOf("Z-") + 2, -".eml".length)))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), "utf8"));
}

/**
 * Emails written to the outbox for an address, sent or not. A form writes its email in the
 * same transaction as its change, so once its answer has come, none here means none was sent.
 */
export const queuedFor = (address: string) =>
  withDb(async (db) => {
    const rows = await db
      .selectFrom("outbox")
      .select("id")
      .where("to_address", "=", address)
      .execute();
    return rows.length;
  });

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface ApplicationAnswers {
  email: string;
  targets?: string[];
  other?: string;
  hours?: "Yes" | "No";
  ready?:
    "Yes, I'm ready to enroll" | "No, add me to the waitlist" | "I have questions before deciding";
  /** Ticks "Send me career tips and cohort news" (marketing consent). */
  tips?: boolean;
}

export async function fillApplication(page: Page, answers: ApplicationAnswers) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(answers.email);
  await page.getByLabel("University").fill("State University");
  await page.getByLabel("Graduation year").fill(String(new Date().getFullYear() + 1));
  for (const target of answers.targets ?? ["Banking"]) {
    await page
      .getByRole("group", { name: /careers are you targeting/ })
      .getByLabel(target, { exact: true })
      .check();
  }
  if (answers.other) await page.getByLabel("Please specify", { exact: true }).fill(answers.other);
  await page
    .getByRole("group", { name: /5 hours per week/ })
    .getByLabel(answers.hours ?? "Yes", { exact: true })
    .check();
  await page.getByLabel(answers.ready ?? "Yes, I'm ready to enroll").check();
  await page.getByLabel("YouTube").check();
  await page.getByLabel(/biggest challenge/).fill("I have no network in finance yet.");
  await page.getByLabel(/Why do you want to work in finance/).fill("I love how markets work.");
  if (answers.tips) await page.getByLabel(/career tips/).check();
}

/** The current cohort's row (paid count, capacity…). */
export const storedCohort = () =>
  withDb(async (db) => {
    const row = await currentCohortRow(db);
    if (!row) throw new Error("no current cohort");
    return row;
  });

/**
 * Waits until React has hydrated an element (its props, so its event handlers, are attached).
 * Hydrated pages load their JavaScript after the first paint: an event fired before that is the
 * browser's alone, as it would be with JavaScript off.
 */
export async function waitForHydration(element: Locator) {
  await expect
    .poll(async () =>
      element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))),
    )
    .toBe(true);
}
