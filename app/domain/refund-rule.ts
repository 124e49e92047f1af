/**
 * The FAQ's refund rule for a student who leaves (issue 36): leaving before the programme starts,
 * or in its first two weeks, is a full refund; from week 3 on the owner decides case by case. The
 * last full-refund date is also CIRR's census day: graduation counts the students still enrolled
 * at its end. Dates are YYYY-MM-DD in the site's zone; weeks run Monday to Sunday. Pure: no I/O.
 */
import { programmeWeeks } from "./onboarding";
import { weekMonday } from "./slots";

/** Leaving up to the end of this programme week is a full refund. */
export const FULL_REFUND_WEEKS = 2;

export type RefundRule = "full_refund" | "owner_decides";

/** The last day of a full refund: the Sunday that ends week FULL_REFUND_WEEKS. */
export function lastFullRefundDate(startDate: string): string {
  const next = new Date(`${weekMonday(startDate, FULL_REFUND_WEEKS + 1)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

/** The rule that applies to a request to leave made on `today` (no start date: full refund). */
export function refundRuleOn(startDate: string | null, today: string): RefundRule {
  const { phase } = programmeWeeks(startDate, today);
  if (phase.kind === "before" || phase.kind === "unscheduled") return "full_refund";
  if (phase.kind === "during" && phase.week <= FULL_REFUND_WEEKS) return "full_refund";
  return "owner_decides";
}
