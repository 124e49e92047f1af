import type { Discount } from "~/features/enrollment/price";
import { z } from "~/lib/zod";
import { optionalText } from "~/lib/text-fields";

/**
 * Promo codes, scholarships and referral codes (issue 49, decision 0071): one kind of row, one
 * rule for whether a buyer may use it. Pure: the browser, the actions and the tests share it.
 */

/** Letters and digits that cannot be misread for each other (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** Random characters in every code: 31^10 ≈ 8×10^14, far beyond what the rate limit lets anyone try. */
export const RANDOM_LENGTH = 10;
export const MAX_PREFIX = 12;
export const MAX_CODE_INPUT = 40;
/** Codes one address may try (apply or enroll with) per 15 minutes. */
export const CODE_TRIES_PER_15_MINUTES = 20;

/**
 * The code as it is looked up: upper case, letters and digits only, so "spring-7k3m q9tx" and
 * "SPRING7K3MQ9TX" are the same code.
 */
export function codeKey(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/**
 * A new code as people read it: the owner's optional prefix, then random characters in groups of
 * five ("SPRING-7K3MQ-9TXAB"). `randomBytes` is injected so tests can pin it.
 */
export function newCode(prefix: string, randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(RANDOM_LENGTH);
  let random = "";
  for (const byte of bytes) random += ALPHABET[byte % ALPHABET.length];
  const groups = [random.slice(0, 5), random.slice(5)];
  const head = codeKey(prefix).slice(0, MAX_PREFIX);
  return [...(head ? [head] : []), ...groups].join("-");
}

/** What the rule needs to know about a code. */
export interface CodeTerms {
  discount: Discount;
  cohortId: string | null;
  maxUses: number | null;
  expiresAt: string | null;
  /** A scholarship: only this address may use it. */
  email: string | null;
  /** A student's referral code: they may not use it themselves. */
  referrerPersonId: string | null;
  disabled: boolean;
}

export type CodeRefusal = "unknown" | "expired" | "used_up" | "other_cohort";

/**
 * Why this buyer may not use the code now, or null when they may. `reserved` counts the code's
 * paid uses plus the open checkouts already holding one of its uses. A code meant for someone
 * else answers "unknown", so a scholarship's existence is never revealed to a stranger.
 */
export function codeRefusal(
  code: CodeTerms | null,
  buyer: { personId: string; email: string },
  at: { cohortId: string; nowIso: string; reserved: number },
): CodeRefusal | null {
  if (!code || code.disabled) return "unknown";
  if (code.email && code.email.toLowerCase() !== buyer.email.toLowerCase()) return "unknown";
  if (code.referrerPersonId && code.referrerPersonId === buyer.personId) return "unknown";
  if (code.expiresAt && code.expiresAt <= at.nowIso) return "expired";
  if (code.cohortId && code.cohortId !== at.cohortId) return "other_cohort";
  if (code.maxUses !== null && at.reserved >= code.maxUses) return "used_up";
  return null;
}

/** "20% off", "$100 off": how a discount reads on the enroll page and the owner's list. */
export function describeDiscount(discount: Discount, dollars: (cents: number) => string): string {
  return discount.kind === "percent"
    ? `${discount.percentOff}% off`
    : `${dollars(discount.amountOffCents)} off`;
}

/** The code on /enroll as the page shows it: applied with its price, or refused with why. */
export type EnrollCode =
  | null
  | { kind: "applied"; code: string; what: string; discountCents: number; dueCents: number }
  | { kind: "refused"; typed: string; reason: CodeRefusal | "rate_limited" };

/** The Enroll post: the code applied on the page, if any (too long: refused, nothing held). */
export const enrollCodeSchema = z.object({ code: optionalText(MAX_CODE_INPUT) });
