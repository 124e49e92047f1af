import { createHash, randomBytes } from "node:crypto";
import { redirect } from "react-router";
import type { AppContext } from "~/context";
import { SESSION_TTL_MS, sessionExpiry, shouldExtend } from "./admin-session";
import { readRequestString, writeCookie } from "~/lib/cookies.server";
import { requestMemo } from "~/lib/request-memo.server";
import { ADMIN_LOGIN_PATH } from "./paths";

export { ADMIN_LOGIN_PATH };

/**
 * Admin sessions. The browser holds a signed random token; the database holds only its SHA-256,
 * so a leaked table cannot be replayed as cookies. Sessions end after an hour without a request
 * and at most 8 hours after sign-in (cookie Max-Age and
 * sessions.expires_at, which the server checks), a new one is issued at every login, and logout
 * deletes the row so an old cookie is refused.
 *
 * How an admin page uses this module:
 *   - every loader and action of an admin page starts with `const admin = await requireAdmin(request, context)`;
 *   - without an admin session that call throws a redirect to the login at ADMIN_LOGIN_PATH
 *     (`?next=` carries the page), so no admin data or change can be reached without one;
 *   - the login page itself calls `getAdmin` instead (it shows the form rather than redirecting);
 *   - add the page to ADMIN_ROUTES (tests/support/admin-routes.ts) so the guard tests walk it.
 */
export { SESSION_TTL_MS };

export interface Admin {
  id: string;
  email: string;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const readToken = (request: Request, context: AppContext) =>
  readRequestString(request, context, "admin");

/**
 * The answer for each cookie header within one request, so the admin layout and the page's own
 * loader check the session with one query. A login or logout always ends its request with a
 * redirect, so no answer outlives a change of session.
 */
const checked = requestMemo<Promise<Admin | null>>();

/** The admin behind the request's session cookie, or null (no cookie, bad signature, expired, ended, not admin). */
export function getAdmin(request: Request, context: AppContext): Promise<Admin | null> {
  const header = request.headers.get("cookie") ?? "";
  return checked(context, header, () => lookUpAdmin(request, context));
}

async function lookUpAdmin(request: Request, context: AppContext): Promise<Admin | null> {
  const token = await readToken(request, context);
  if (!token) return null;
  const { db, clock } = context.services;
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("admin_users", "admin_users.id", "sessions.admin_user_id")
    .select(["sessions.expires_at as expiresAt", "sessions.created_at as createdAt"])
    .select(["admin_users.id as adminId", "admin_users.email", "admin_users.is_admin as isAdmin"])
    .where("sessions.id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return null;
  const now = clock.now();
  if (row.expiresAt <= now.toISOString()) {
    await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
    return null;
  }
  if (!Number(row.isAdmin)) return null;
  const next = sessionExpiry(new Date(row.createdAt), now);
  if (shouldExtend(new Date(row.expiresAt), next)) {
    await db
      .updateTable("sessions")
      .set({ expires_at: next.toISOString() })
      .where("id", "=", sessionId)
      .execute();
  }
  return { id: row.adminId, email: row.email };
}

/**
 * The guard for every admin loader and action: returns the admin, or throws a redirect to the
 * login page. The redirect keeps the page in `next` (only /admin/ paths are ever followed).
 */
export async function requireAdmin(request: Request, context: AppContext): Promise<Admin> {
  const admin = await getAdmin(request, context);
  if (admin) return admin;
  const url = new URL(request.url);
  const next = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  throw redirect(
    url.pathname === ADMIN_LOGIN_PATH
      ? ADMIN_LOGIN_PATH
      : `${ADMIN_LOGIN_PATH}?next=${encodeURIComponent(next)}`,
  );
}

/** A `next` target that is safe to send the admin to after login: /admin or a path under it. */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || !/^\/admin(\/[\w\-./]*)?(\?[^\\]*)?$/.test(value)) return null;
  if (value.includes("//") || value.includes("/..")) return null;
  return value;
}

/**
 * Starts a new session for an admin and returns its Set-Cookie header. Any session the request's
 * old cookie pointed at is deleted, so a session id never survives a login (no fixation).
 */
export async function startSession(
  request: Request,
  context: AppContext,
  admin: Admin,
): Promise<string> {
  const { db, clock, config } = context.services;
  const now = clock.now();
  const token = randomBytes(32).toString("base64url");
  const previous = await readToken(request, context);
  await db.transaction().execute(async (trx) => {
    if (previous) await trx.deleteFrom("sessions").where("id", "=", hashToken(previous)).execute();
    await trx.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()).execute();
    await trx
      .insertInto("sessions")
      .values({
        id: hashToken(token),
        admin_user_id: admin.id,
        created_at: now.toISOString(),
        expires_at: sessionExpiry(now, now).toISOString(),
      })
      .execute();
  });
  return writeCookie(config.sessionSecrets, "admin", token, context.secure);
}

/** Deletes the request's session (if any) and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request, context: AppContext): Promise<string> {
  const token = await readToken(request, context);
  if (token) {
    await context.services.db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
  }
  return writeCookie(context.services.config.sessionSecrets, "admin", null, context.secure);
}
