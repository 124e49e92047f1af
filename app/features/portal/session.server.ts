import type { DB, Db } from "~/db/database.server";
import { createHash, randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import { signInEmail, portalSignIn } from "./portal.words";
import { normaliseEmail } from "~/lib/person-fields";
import { mayOpen, portalSessionExpiry, PORTAL_LINK_TTL_MS, type PortalPage } from "./portal";
import { shouldExtend } from "~/features/accounts/admin-session";
import { recordAudit } from "~/features/accounts/audit.server";
import { readRequestString, writeCookie } from "~/lib/cookies.server";
import { requestMemo } from "~/lib/request-memo.server";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { AppContext, Services } from "~/context";

/**
 * The portal's sign-in (decision 0038): a one-time link by email, then a database session on its
 * own cookie. Tokens are random 32 bytes; the database holds only their SHA-256, so a leaked
 * table cannot sign anyone in. A link works once, for 15 minutes; a session ends after 7 days
 * without a request and 30 days after sign-in, and at once when the student's seat is refunded
 * (`endPortalSessionsOf`) or a mentor is deactivated.
 *
 * How a portal page uses this module: its loader and action start with
 * `const user = await requirePortal(request, context, "<page>")`, the page's name in
 * PORTAL_ACCESS (app/features/portal/portal.ts), which decides who may open it.
 */

export type PortalUser =
  | { role: "student"; personId: string; email: string; firstName: string }
  | { role: "mentor"; mentorId: string; email: string; name: string };

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/** The person with a paid seat in any cohort at this address, if any. */
async function studentByEmail(db: Db, email: string) {
  return db
    .selectFrom("people")
    .innerJoin("payments", "payments.person_id", "people.id")
    .select(["people.id", "people.first_name as firstName", "people.email"])
    .where("people.email", "=", email)
    .where("payments.status", "=", "paid")
    .executeTakeFirst();
}

async function activeMentorByEmail(db: Db, email: string) {
  return db
    .selectFrom("mentors")
    .select(["id", "name", "email"])
    .where("email", "=", email)
    .where("is_active", "=", 1)
    .executeTakeFirst();
}

/** Who may sign in with this address: an active mentor first, then a student with a paid seat. */
export async function portalUserByEmail(db: Db, email: string): Promise<PortalUser | null> {
  const mentor = await activeMentorByEmail(db, email);
  if (mentor) return { role: "mentor", mentorId: mentor.id, email, name: mentor.name };
  const student = await studentByEmail(db, email);
  if (student)
    return { role: "student", personId: student.id, email, firstName: student.firstName };
  return null;
}

/**
 * Queues a sign-in email to `email` when it belongs to a student or a mentor; does nothing
 * otherwise. The caller answers the same words either way, so the page tells nobody who is
 * enrolled. The link itself is made when the email goes (`signInEmailAtSend`), so no token is
 * ever in the outbox, and its 15 minutes start then. Returns false only when the address has
 * asked too often (the caller says so).
 */
export async function sendSignInLink(services: Services, rawEmail: string): Promise<boolean> {
  const email = normaliseEmail(rawEmail);
  if (!(await services.limits.portalLinks.hit(hash(`portal:${email}`)))) return false;
  const user = await portalUserByEmail(services.db, email);
  if (!user) return true;
  await enqueueEmail(
    services.db,
    {
      kind: "portal_sign_in",
      to: email,
      personId: user.role === "student" ? user.personId : null,
      ...renderEmail(signInEmail(nameOf(user), keptLink(services.config.publicUrl))),
    },
    services.clock.now(),
  );
  return true;
}

const nameOf = (user: PortalUser) => (user.role === "student" ? user.firstName : user.name);

/** Where the link was, in the words the outbox keeps: the token is never stored. */
const keptLink = (publicUrl: string) => `${publicUrl}/portal/login/${portalSignIn.linkNotKept}`;

/**
 * The sign-in email as it goes (the mail worker calls this, decision 0040): a new one-time link
 * for the address if it still belongs to a student or a mentor (else null: nothing goes), stored
 * as a hash, valid 15 minutes from now. The outbox keeps the email without the link.
 */
export async function signInEmailAtSend(
  db: DB,
  row: { to: string },
  config: { publicUrl: string; now: Date },
) {
  const user = await portalUserByEmail(db, row.to);
  if (!user) return null;
  const token = newToken();
  const { now } = config;
  await db.deleteFrom("portal_links").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("portal_links")
    .values({
      token_hash: hash(token),
      email: row.to,
      expires_at: new Date(now.getTime() + PORTAL_LINK_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return {
    content: signInEmail(nameOf(user), `${config.publicUrl}/portal/login/${token}`),
    kept: signInEmail(nameOf(user), keptLink(config.publicUrl)),
  };
}

/** Whether a sign-in link can still be used (shown before the button that uses it). */
export async function signInLinkIsLive(services: Services, token: string): Promise<boolean> {
  const row = await services.db
    .selectFrom("portal_links")
    .select(["expires_at", "used_at"])
    .where("token_hash", "=", hash(token))
    .executeTakeFirst();
  return Boolean(row && !row.used_at && row.expires_at > services.clock.now().toISOString());
}

/**
 * Uses a sign-in link: marks it used in the same statement that checks it is unused and not
 * expired, so of two uses at once exactly one succeeds. Returns the Set-Cookie of the new session
 * and who signed in, or null when the link is dead or its address no longer has access.
 */
export async function signInWithLink(
  request: Request,
  context: AppContext,
  token: string,
): Promise<{ user: PortalUser; setCookie: string } | null> {
  const { db, clock } = context.services;
  const now = clock.now().toISOString();
  const used = await db
    .updateTable("portal_links")
    .set({ used_at: now })
    .where("token_hash", "=", hash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("email")
    .executeTakeFirst();
  if (!used) return null;
  // One sign-in ends every other link of the address: an older unused one cannot follow it.
  await db.deleteFrom("portal_links").where("email", "=", used.email).execute();
  const user = await portalUserByEmail(db, used.email);
  if (!user) return null;
  return { user, setCookie: await startPortalSession(request, context, user) };
}

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
      await trx.deleteFrom("portal_sessions").where("id", "=", hash(previous)).execute();
    await trx.deleteFrom("portal_sessions").where("expires_at", "<=", nowIso).execute();
    await trx
      .insertInto("portal_sessions")
      .values({
        id: hash(token),
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
  const id = hash(token);
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

/** Who a session is for, checked against today's seats and mentors (never a stale role). */
async function currentUser(
  db: Db,
  session: { role: string; person_id: string | null; mentor_id: string | null },
): Promise<PortalUser | null> {
  if (session.role === "mentor" && session.mentor_id) {
    const mentor = await db
      .selectFrom("mentors")
      .select(["id", "name", "email"])
      .where("id", "=", session.mentor_id)
      .where("is_active", "=", 1)
      .executeTakeFirst();
    return mentor
      ? { role: "mentor", mentorId: mentor.id, email: mentor.email, name: mentor.name }
      : null;
  }
  if (session.role === "student" && session.person_id) {
    const person = await db
      .selectFrom("people")
      .select(["id", "email", "first_name"])
      .where("id", "=", session.person_id)
      .executeTakeFirst();
    if (!person || !(await studentByEmail(db, person.email))) return null;
    return {
      role: "student",
      personId: person.id,
      email: person.email,
      firstName: person.first_name,
    };
  }
  return null;
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
    await context.services.db.deleteFrom("portal_sessions").where("id", "=", hash(token)).execute();
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
