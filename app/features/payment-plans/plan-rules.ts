import { MAX_PLAN_PAYMENTS, MIN_PLAN_PAYMENTS, type PlanTerms } from "~/features/enrollment/price";
import type { RefundRule } from "~/features/withdrawals/refund-rule";
import { z } from "~/lib/zod";
import { rowId } from "~/lib/text-fields";
import { planSettingsPage } from "./plans.words";

/**
 * The payment plan's rules (issue 49, decision 0070), pure: when instalments fall due, when the
 * test provider retries a failed one, and what the owner is proposed once the last retry fails.
 */

/** The test provider's retries of a failed payment, in days after each failure: 3 over 15 days. */
export const RETRY_AFTER_DAYS = [3, 5, 7] as const;

const DAY_MS = 86_400_000;

/** Instalment `number` (1 = paid at checkout) falls due `number - 1` calendar months after it. */
export function dueDate(first: Date, number: number): Date {
  const due = new Date(first.getTime());
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + number - 1);
  // The 31st of a shorter month is its last day.
  const last = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, last));
  return due;
}

/** When a payment that failed on its `attempts`-th try is tried again; null after the last retry. */
export function nextRetry(failedAt: Date, attempts: number): Date | null {
  const days = RETRY_AFTER_DAYS[attempts - 1];
  return days === undefined ? null : new Date(failedAt.getTime() + days * DAY_MS);
}

/**
 * What the console proposes when the last retry failed (the owner decides; nothing happens
 * without them). More than half of the plan paid: keep the seat until the cohort ends and charge
 * nothing more. Otherwise: withdraw the student; the refund policy says what goes back of what
 * was paid (all of it while the full-refund weeks last, none after: the weeks were followed).
 */
export interface PlanProposal {
  action: "keep" | "withdraw";
  refundCents: number;
}

export function proposeAfterFailedPlan(plan: {
  paidCents: number;
  totalCents: number;
  rule: RefundRule;
}): PlanProposal {
  if (plan.paidCents * 2 > plan.totalCents) return { action: "keep", refundCents: 0 };
  return { action: "withdraw", refundCents: plan.rule === "full_refund" ? plan.paidCents : 0 };
}

const v = planSettingsPage.validation;

/** The owner's plan form: on or off, how many payments, the surcharge in dollars. */
const saveSchema = z.object({
  intent: z.literal("save"),
  enabled: z.literal("on").optional(),
  payments: z.coerce
    .number({ error: v.payments })
    .int(v.payments)
    .min(MIN_PLAN_PAYMENTS, v.payments)
    .max(MAX_PLAN_PAYMENTS, v.payments),
  surcharge: z
    .string({ error: v.surcharge })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, v.surcharge),
});

/** /admin/payment-plan's posts: the terms, or the owner's decision on a plan past its retries. */
export const planSettingsSchema = z.discriminatedUnion("intent", [
  saveSchema,
  z.object({ intent: z.literal("keep"), id: rowId(planSettingsPage.validation.plan) }),
  z.object({ intent: z.literal("withdraw"), id: rowId(planSettingsPage.validation.plan) }),
]);

/** The surcharge field ("25", "25.50") in whole cents. */
export function surchargeCents(typed: string): number {
  const [dollars = "0", cents = ""] = typed.split(".");
  return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
}

/** The terms a saved form gives (null when the plan is off). */
export function termsOf(settings: PlanSettings): PlanTerms | null {
  return settings.enabled
    ? { count: settings.count, surchargeCents: settings.surchargeCents }
    : null;
}

export interface PlanSettings extends PlanTerms {
  enabled: boolean;
}
