import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * A calendar feed's token (decision 0053): the HMAC of the feed's random salt under a key derived
 * from the server's secret. The row keeps the salt and the token's SHA-256 (for the lookup), so the
 * portal can show the same address on every visit, and a copy of the database alone gives nobody
 * a working address.
 */
const keyOf = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "", "fsts-calendar-feed", 32));

/** A new feed's salt: 32 random bytes, base64url. */
export const newFeedSalt = () => randomBytes(32).toString("base64url");

/** The feed's token for a salt under a secret: 43 base64url characters. */
export const feedToken = (secret: string, salt: string) =>
  createHmac("sha256", keyOf(secret)).update(salt).digest("base64url");

/** What the database keeps of a token. */
export const feedTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The token a stored feed answers to, under the first of the secrets (newest first) that made it;
 * null for a feed from before salts, or from a secret no longer configured.
 */
export function shownFeedToken(
  secrets: readonly string[],
  feed: { salt: string | null; token_hash: string },
): string | null {
  if (!feed.salt) return null;
  for (const secret of secrets) {
    const token = feedToken(secret, feed.salt);
    if (feedTokenHash(token) === feed.token_hash) return token;
  }
  return null;
}
