import { createHash } from "node:crypto";
import type { AppContext } from "~/context";
import { log } from "~/lib/logger.server";
import { normaliseEmail } from "~/lib/person-fields";
import { checkCredentials } from "./accounts.server";
import { startSession, type Admin } from "./sessions.server";

export type LoginOutcome =
  | { kind: "ok"; admin: Admin; setCookie: string }
  | { kind: "invalid" }
  | { kind: "not_admin" }
  | { kind: "rate_limited" };

/** A short, stable tag for an email in logs and rate-limit keys; the email itself never appears. */
export function accountTag(email: string): string {
  return createHash("sha256").update(normaliseEmail(email)).digest("hex").slice(0, 12);
}

/**
 * The admin gate. Every attempt counts against its client address, and each one the address limit
 * lets through against the account *from that address* too, before any password is checked, so
 * parallel guesses are limited as well; once either has 10 in the window, further attempts from
 * that address are refused. Attempts from an address already refused never reach the account's
 * count, and failures elsewhere never lock the owner out of an address that has not failed. A
 * successful login gives its hit back and clears its account-and-address count, so signing in
 * often is never refused. Non-admin accounts with the right password get no session.
 */
export async function logIn(
  request: Request,
  context: AppContext,
  credentials: { email: string; password: string },
): Promise<LoginOutcome> {
  const { db, limits } = context.services;
  const account = accountTag(credentials.email);
  const ipKey = `admin-login:${context.ip}`;
  const pairKey = `admin-login:${account}:${context.ip}`;
  // One after the other: attempts the address limit refuses never reach (or count against) the
  // account, so parallel guesses let exactly 10 through even when the counts live in PostgreSQL.
  const allowed =
    (await limits.loginIp.hit(ipKey)) && (await limits.loginAccountAddress.hit(pairKey));
  if (!allowed) {
    log.warn("admin login rate limited", { account });
    return { kind: "rate_limited" };
  }
  const check = await checkCredentials(db, credentials.email, credentials.password);
  if (!check.ok) {
    log.warn("admin login failed", { account });
    return { kind: "invalid" };
  }
  if (!check.account.isAdmin) {
    log.warn("admin login refused: not an admin", { adminId: check.account.id });
    return { kind: "not_admin" };
  }
  await Promise.all([limits.loginIp.refund(ipKey), limits.loginAccountAddress.reset(pairKey)]);
  const admin = { id: check.account.id, email: check.account.email };
  const setCookie = await startSession(request, context, admin);
  log.info("admin login", { adminId: admin.id });
  return { kind: "ok", admin, setCookie };
}
