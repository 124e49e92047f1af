import type { DB, Db } from "~/db/database.server";
import { createHash, randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import { portalSignIn } from "./portal.words";
import { mayOpen, portalSessionExpiry, type PortalPage } from "./portal";
import { currentUser, type PortalUser } from "./portal-users.server";
import { shouldExtend } from "~/features/accounts/admin-session";
import { recordAudit } from "~/features/accounts/audit.server";
import { readRequestString, writeCookie } from "~/lib/cookies.server";
import { requestMemo } from "~/lib/request-memo.server";
import type { AppContext } from "~/context";

/**
 * The portal's sign-in (decision 0038): a one-time link by email (sign-in-links.server.ts), then
 * a database session on its own cookie (here). Tokens are random 32 bytes; the database holds
 * only their SHA-256, so a leaked table cannot sign anyone in. A link works once, for 15 minutes;
 * a session ends after 7 days without a request and 30 days after sign-in, and at once when the
 * student's seat is refunded (`endPortalSessionsOf`) or a mentor is deactivated.
 *
 * How a portal page uses this module: its loader and action start with
 * `const user = await requirePortal(request, context, "<page>")`, the page's name in
 * PORTAL_ACCESS (app/features/portal/portal.ts), which decides who may open it.
 */

/** A session token's SHA-256, the only form the database holds. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

/**
 * Starts a portal session for `user` and returns its Set-Cookie header; the session the request's
 * old portal cookie pointed at is deleted (no fixation). Records the student's sign-in times.
 */
export async function startPortalSession(
  request: Request,
  context: AppContext,
  user: PortalUser,
): Promise<string> {
  const { db, clock, config } = context.services;
  const now = clock.now();
  const nowIso = now.toISOString();
  const token = newToken();
  const previous = await readRequestString(request, context, "portal");
  await db.transaction().execute(async (trx) => {
    if (previous)
      await trx.deleteFrom("portal_sessions").where("id", "=", hashToken(previous)).execute();
    await trx.deleteFrom("portal_sessions").where("expires_at", "<=", nowIso).execute();
    await trx
      .insertInto("portal_sessions")
      .values({
        id: hashToken(token),
        role: user.role,
        person_id: user.role === "student" ? user.personId : null,
        mentor_id: user.role === "mentor" ? user.mentorId : null,
        created_at: nowIso,
        expires_at: portalSessionExpiry(now, now).toISOString(),
      })
      .execute();
    if (user.role === "student") {
      await trx
        .insertInto("student_profiles")
        .values({
          person_id: user.personId,
          first_signed_in_at: nowIso,
          last_signed_in_at: nowIso,
          updated_at: nowIso,
        })
        .onConflict((oc) =>
          oc.column("person_id").doUpdateSet({ last_signed_in_at: nowIso, updated_at: nowIso }),
        )
        .execute();
      await trx
        .updateTable("student_profiles")
        .set({ first_signed_in_at: nowIso })
        .where("person_id", "=", user.personId)
        .where("first_signed_in_at", "is", null)
        .execute();
    }
  });
  return writeCookie(config.sessionSecrets, "portal", token, context.secure);
}

/**
 * The answer for each cookie header within one request, so the portal layout and the page's own
 * loader check the session with one query (as the admin's getAdmin does).
 */
const checked = requestMemo<Promise<PortalUser | null>>();

/** The student or mentor behind the request's portal cookie, or null. */
export function getPortalUser(request: Request, context: AppContext): Promise<PortalUser | null> {
  const header = request.headers.get("cookie") ?? "";
  return checked(context, header, () => lookUp(request, context));
}

async function lookUp(request: Request, context: AppContext): Promise<PortalUser | null> {
  const token = await readRequestString(request, context, "portal");
  if (!token) return null;
  const { db, clock } = context.services;
  const id = hashToken(token);
  const session = await db
    .selectFrom("portal_sessions")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!session) return null;
  const now = clock.now();
  if (session.expires_at <= now.toISOString()) {
    await db.deleteFrom("portal_sessions").where("id", "=", id).execute();
    return null;
  }
  const user = await currentUser(db, session);
  if (!user) {
    // The seat was refunded or the mentor deactivated: the session ends now.
    await db.deleteFrom("portal_sessions").where("id", "=", id).execute();
    return null;
  }
  const next = portalSessionExpiry(new Date(session.created_at), now);
  if (shouldExtend(new Date(session.expires_at), next)) {
    await db
      .updateTable("portal_sessions")
      .set({ expires_at: next.toISOString() })
      .where("id", "=", id)
      .execute();
  }
  return user;
}

/**
 * The guard of every portal loader and action: the signed-in user when PORTAL_ACCESS lets their
 * role open `page`; otherwise a redirect to the sign-in page (nobody signed in) or a 403.
 */
export async function requirePortal(
  request: Request,
  context: AppContext,
  page: PortalPage,
): Promise<PortalUser> {
  const user = await getPortalUser(request, context);
  if (!user) throw redirect(PORTAL_PATH);
  if (!mayOpen(user.role, page)) throw data(portalSignIn.forbidden, { status: 403 });
  return user;
}

export const PORTAL_PATH = "/portal";

/** Ends the request's portal session (if any) and returns the header that clears the cookie. */
export async function endPortalSession(request: Request, context: AppContext) {
  const token = await readRequestString(request, context, "portal");
  if (token) {
    await context.services.db
      .deleteFrom("portal_sessions")
      .where("id", "=", hashToken(token))
      .execute();
  }
  return writeCookie(context.services.config.sessionSecrets, "portal", null, context.secure);
}

/**
 * "Sign out of all devices": ends every portal session of the request's student or mentor (this
 * one included) and returns the header that clears the cookie.
 */
export async function endPortalSessionsEverywhere(request: Request, context: AppContext) {
  const user = await getPortalUser(request, context);
  const { db } = context.services;
  if (user?.role === "student") await endPortalSessionsOf(db, user.personId);
  else if (user?.role === "mentor") await endMentorSessions(db, user.mentorId);
  return endPortalSession(request, context);
}

/**
 * The owner signs a person out of the portal on every device (recorded in the audit log); false
 * when there is no such person.
 */
export async function endPortalSessionsByOwner(
  db: DB,
  actor: string,
  personId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select("id")
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person) return false;
    await endPortalSessionsOf(trx, personId);
    await recordAudit(trx, actor, "person.sign_out_everywhere", { personId }, now);
    return true;
  });
}

/** Ends every portal session of a person (their seat was refunded, or they left the programme). */
export async function endPortalSessionsOf(db: Db, personId: string): Promise<void> {
  await db.deleteFrom("portal_sessions").where("person_id", "=", personId).execute();
}

/** Ends every portal session of a mentor (deactivated). */
export async function endMentorSessions(db: Db, mentorId: string): Promise<void> {
  await db.deleteFrom("portal_sessions").where("mentor_id", "=", mentorId).execute();
}
