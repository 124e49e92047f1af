/**
 * The FAQ's refund rule for a student who leaves (issue 36): leaving before the programme starts,
 * or in its first two weeks, is a full refund; from week 3 on the owner decides case by case. The
 * last full-refund date is also CIRR's census day: graduation counts the students still enrolled
 * at its end. Dates are YYYY-MM-DD in the site's zone; weeks run Monday to Sunday. Pure: no I/O.
 */
import { PROGRAMME_WEEKS, programmeWeeks } from "~/features/portal/onboarding";
import { weekMonday } from "~/features/bookings/slots";

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

/** How far a student followed the programme so far (the owner's review of a request to leave). */
export interface FollowedSoFar {
  /** Group sessions of the cohort that have started, and those the student attended. */
  sessionsHeld: number;
  sessionsAttended: number;
  /** 1-on-1s owed so far (one a week, for each programme week that has ended), and held. */
  oneOnOnesOwed: number;
  oneOnOnesHeld: number;
  /** Programme weeks that have ended by today (0 to PROGRAMME_WEEKS). */
  weeksEnded: number;
}

/** Programme weeks that have ended by `today`: each owes the student one 1-on-1. */
export function weeksEndedBy(startDate: string | null, today: string): number {
  const { phase } = programmeWeeks(startDate, today);
  if (phase.kind === "during") return phase.week - 1;
  return phase.kind === "after" ? PROGRAMME_WEEKS : 0;
}

/** Whether the student followed the programme so far: every session held, every 1-on-1 owed. */
export function followedProgramme(a: FollowedSoFar): boolean {
  return a.sessionsAttended >= a.sessionsHeld && a.oneOnOnesHeld >= a.oneOnOnesOwed;
}

/**
 * Why a refund is proposed: the rule fixes the whole payment (`full_refund`); the 30-day promise
 * gives it all when the student followed the programme (`followed`) and nothing otherwise
 * (`not_followed`); case by case starts from the share of the weeks not yet ended (`weeks_left`).
 */
export type ProposalReason = "full_refund" | "followed" | "not_followed" | "weeks_left";

export interface RefundProposal {
  cents: number;
  reason: ProposalReason;
  /** For `weeks_left`: the programme weeks not yet ended. */
  weeksLeft: number;
}

/** The amount the refund policy gives a request, and why (the owner may still change it). */
export function proposeRefund(
  rule: RefundRule | "promise_review",
  paidCents: number,
  soFar: FollowedSoFar,
): RefundProposal {
  const weeksLeft = PROGRAMME_WEEKS - soFar.weeksEnded;
  if (rule === "full_refund") return { cents: paidCents, reason: "full_refund", weeksLeft };
  if (rule === "promise_review")
    return followedProgramme(soFar)
      ? { cents: paidCents, reason: "followed", weeksLeft }
      : { cents: 0, reason: "not_followed", weeksLeft };
  return {
    cents: Math.floor((paidCents * weeksLeft) / PROGRAMME_WEEKS),
    reason: "weeks_left",
    weeksLeft,
  };
}
