/**
 * Leaving the programme (issue 36, item 1): which rule a request is judged by, how much an
 * approval refunds, whether the seat goes back to the queue, and the two forms (the student's
 * request, the owner's decision). Pure: no I/O. The refund rule itself is ./refund-rule.ts.
 */
import { leaveConsole, leavePage } from "./leave.words";
import { z } from "~/lib/zod";
import { refundRuleOn, type RefundRule } from "./refund-rule";
import { normalizeBody } from "~/lib/text-fields";
import { optionalText, text as requiredText } from "~/lib/text-fields";

export const WITHDRAWAL_KINDS = ["leave", "promise"] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];

/** The rule a request is judged by: the refund rule on its day, or the owner's promise review. */
export type WithdrawalRule = RefundRule | "promise_review";

export const MAX_LEAVE_REASON = 1000;
export const MAX_DECISION_NOTE = 1000;

/** The rule recorded with a request made on `today` (YYYY-MM-DD in the site's zone). */
export function ruleOfRequest(
  kind: WithdrawalKind,
  startDate: string | null,
  today: string,
): WithdrawalRule {
  return kind === "promise" ? "promise_review" : refundRuleOn(startDate, today);
}

/** A stored rule read back (anything unknown is the owner's call, never a fixed full refund). */
export function asWithdrawalRule(value: string): WithdrawalRule {
  return value === "full_refund" || value === "promise_review" ? value : "owner_decides";
}

/** Whether the owner picks the amount (otherwise the rule fixes it at the full payment). */
export const ownerPicksAmount = (rule: WithdrawalRule) => rule !== "full_refund";

export type ApprovalAmount =
  { ok: true; cents: number } | { ok: false; problem: "required" | "too_much" };

/**
 * What an approval refunds, in cents: a full refund is the whole payment whatever was entered;
 * otherwise the owner's amount, from 0 to what was paid.
 */
export function approvalAmount(
  rule: WithdrawalRule,
  paidCents: number,
  enteredCents: number | undefined,
): ApprovalAmount {
  if (!ownerPicksAmount(rule)) return { ok: true, cents: paidCents };
  if (enteredCents === undefined) return { ok: false, problem: "required" };
  if (enteredCents > paidCents) return { ok: false, problem: "too_much" };
  return { ok: true, cents: enteredCents };
}

/**
 * Whether a seat given up on `today` goes back to the cohort (and so to its seat queue):
 * only while enrollment is open, before the start date. After the start it stays empty.
 */
export function seatGoesBack(startDate: string | null, today: string): boolean {
  return startDate === null || today < startDate;
}

/** Dollars as typed ("300", "324.5", "$1,000.00") in cents; null when it is not an amount. */
export function dollarsToCents(typed: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(",", ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as the amount field takes them: "324.50", "649" for whole dollars. */
export function centsToDollars(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, "0")}`;
}

const text = (required: string, max: number) =>
  requiredText(required, max, { normalize: normalizeBody });

/** The student's request on /portal/leave. */
export const leaveRequestSchema = z.object({
  kind: z.enum(WITHDRAWAL_KINDS, { error: leavePage.kindRequired }),
  reason: text(leavePage.reasonRequired, MAX_LEAVE_REASON),
});

const withdrawalId = z
  .string({ error: leaveConsole.notOpen })
  .min(1, leaveConsole.notOpen)
  .max(100);

const amount = z
  .string()
  .trim()
  .max(20, leaveConsole.amountFormat)
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const cents = dollarsToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: leaveConsole.amountFormat });
      return z.NEVER;
    }
    return cents;
  });

/**
 * The owner's decision on the person page: approve (with an amount when the rule lets them), or
 * decline; two members of the person page's one schema (personFormSchema).
 */
export const withdrawalDecisionForms = [
  z.object({
    intent: z.literal("withdrawal_approve"),
    withdrawalId,
    amount,
    note: optionalText(MAX_DECISION_NOTE, { normalize: normalizeBody }).transform(
      (value) => value ?? "",
    ),
    /** Money goes back only from the confirmation step, which sends "yes" (like a refund). */
    confirm: z.literal("yes").optional(),
  }),
  z.object({
    intent: z.literal("withdrawal_decline"),
    withdrawalId,
    note: text(leaveConsole.noteRequired, MAX_DECISION_NOTE),
  }),
] as const;
export type WithdrawalDecision = z.infer<(typeof withdrawalDecisionForms)[number]>;

/** A calendar date (YYYY-MM-DD) as people read it: "Sunday, January 24". */
export function calendarDayDisplay(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
  }).format(new Date(`${date}T12:00:00Z`));
}
