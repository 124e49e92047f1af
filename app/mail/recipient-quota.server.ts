import { createHash } from "node:crypto";
import { normaliseEmail } from "~/lib/person-fields";
import { quotaWindows } from "./recipient-quota";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { log } from "~/lib/logger.server";

/** A form email charged to an address's quota: when it may go, and how to give the charge back. */
export interface RecipientSlot {
  /** Now, the start of the first later hour with room, or null when the next day is full. */
  sendAfter: Date | null;
  /** Gives the charge back: the form was refused or stored no email after all. */
  release(): Promise<void>;
}

/**
 * Charges one form email to an address's quota (mail/recipient-quota.ts). Called after the form
 * is valid and BEFORE its transaction: on PostgreSQL the counter is a statement on another pool
 * connection, and a transaction that waits for one while holding its own can exhaust the pool
 * under load (every instance stopped answering in the cluster drill). The caller releases the
 * slot when no email was queued, so invalid or duplicate posts never spend someone's quota. The
 * key is a hash: the limits table holds no email addresses.
 */
export async function reserveRecipientSlot(
  limiter: RateLimiter,
  email: string,
  now: Date,
): Promise<RecipientSlot> {
  const key = createHash("sha256").update(normaliseEmail(email)).digest("hex");
  for (const window of quotaWindows(now)) {
    const hourKey = `${key}:${window.hour}`;
    if (await limiter.hit(hourKey))
      return { sendAfter: window.sendAfter, release: () => limiter.refund(hourKey) };
  }
  log.warn("recipient quota full for a day: form email not sent");
  return { sendAfter: null, release: async () => undefined };
}

/**
 * Runs a form's transaction with its email slot reserved first; `work` returns its result and
 * whether it queued the email. The slot is given back when it did not, or when the transaction
 * failed.
 */
export async function withRecipientSlot<T>(
  slot: RecipientSlot,
  work: () => Promise<{ result: T; queued: boolean }>,
): Promise<T> {
  let queued = false;
  try {
    const done = await work();
    queued = done.queued;
    return done.result;
  } finally {
    if (!queued) await slot.release();
  }
}
