import type { DB } from "~/db/database.server";
import type { AppContext, Services } from "~/context";
import { normaliseEmail } from "~/lib/person-fields";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { PORTAL_LINK_TTL_MS } from "./portal";
import { signInEmail, portalSignIn } from "./portal.words";
import { portalUserByEmail, type PortalUser } from "./portal-users.server";
import { hashToken, newToken, startPortalSession } from "./session.server";

/**
 * The portal's one-time sign-in links (decision 0038): asked for by address, made when the email
 * goes, used once within 15 minutes to start a session (session.server.ts).
 */

/**
 * Queues a sign-in email to `email` when it belongs to a student or a mentor; does nothing
 * otherwise. The caller answers the same words either way, so the page tells nobody who is
 * enrolled. The link itself is made when the email goes (`signInEmailAtSend`), so no token is
 * ever in the outbox, and its 15 minutes start then. Returns false only when the address has
 * asked too often (the caller says so).
 */
export async function sendSignInLink(services: Services, rawEmail: string): Promise<boolean> {
  const email = normaliseEmail(rawEmail);
  if (!(await services.limits.portalLinks.hit(hashToken(`portal:${email}`)))) return false;
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
      token_hash: hashToken(token),
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
    .where("token_hash", "=", hashToken(token))
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
    .where("token_hash", "=", hashToken(token))
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
