import { createHash } from "node:crypto";
import { normaliseEmail } from "~/domain/person-fields";
import { quotaWindows } from "~/domain/recipient-quota";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { log } from "~/lib/logger.server";

/**
 * Charges one form email to an address's quota (domain/recipient-quota.ts) and says when it may
 * be sent: now, the start of the first later hour with room, or null when the next day is full
 * (then it is not queued). Called only when the email is really queued, after the form is valid
 * and stored, so invalid or refused posts never spend someone's quota. The key is a hash: the
 * limits table holds no email addresses.
 */
export async function reserveRecipientSlot(
  limiter: RateLimiter,
  email: string,
  now: Date,
): Promise<Date | null> {
  const key = createHash("sha256").update(normaliseEmail(email)).digest("hex");
  for (const window of quotaWindows(now)) {
    if (await limiter.hit(`${key}:${window.hour}`)) return window.sendAfter;
  }
  log.warn("recipient quota full for a day: form email not sent");
  return null;
}
