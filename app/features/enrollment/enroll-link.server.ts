import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { AppContext } from "~/context";
import { enrollPage } from "./enroll.words";
import { redirectWithToast } from "~/lib/toast.server";
import { enterEnrollAs } from "./applicant-cookie.server";

/** How long the /enroll link in an application email stays good. */
export const ENROLL_LINK_DAYS = 14;

/**
 * The key's label predates the code's one spelling ("enroll"): links already in inboxes (14 days)
 * are signed with it, so it stays as it is (enroll-link.server.test.ts pins a token).
 */
const keyOf = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "", "fsts-link:enrol", 32));

const mac = (secret: string, payload: string) =>
  createHmac("sha256", keyOf(secret)).update(payload).digest("base64url");

/**
 * A personal link to /enroll, sent by email: `<person id>.<expiry, epoch seconds>.<HMAC>`, signed
 * with its own key derived from the session secret. Opening it proves the visitor reads that
 * person's mail, which is what a form post with an email address does not prove.
 */
export function signEnrollLink(secrets: readonly string[], personId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + ENROLL_LINK_DAYS * 24 * 3600;
  const payload = `${personId}.${expires}`;
  return `${payload}.${mac(secrets[0]!, payload)}`;
}

/** The person a link is for, while it is unexpired and signed by any current or previous secret. */
export function readEnrollLink(
  secrets: readonly string[],
  token: string,
  now: Date,
): string | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [personId, expires, signature] = [match[1]!, match[2]!, match[3]!];
  if (Number(expires) * 1000 <= now.getTime()) return null;
  const given = Buffer.from(signature);
  const valid = secrets.some((secret) => {
    const expected = Buffer.from(mac(secret, `${personId}.${expires}`));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? personId : null;
}

/** The absolute /enroll link for a person's emails (qualified result, checkout reminder). */
export function enrollLinkUrl(
  config: { publicUrl: string; sessionSecrets: readonly string[] },
  personId: string,
  now: Date,
): string {
  return `${config.publicUrl}/enroll?link=${signEnrollLink(config.sessionSecrets, personId, now)}`;
}

/** Opening the /enroll link of an email: signs the visitor in as that person, or says it ended. */
export async function claimEnrollLink(context: AppContext, token: string): Promise<Response> {
  const { config, clock } = context.services;
  const personId = readEnrollLink(config.sessionSecrets, token, clock.now());
  if (!personId) return redirectWithToast(context, "/apply", enrollPage.linkEndedToast);
  return enterEnrollAs(context, personId, enrollPage.linkClaimedToast);
}
