/**
 * A cohort's seats and money as one set of figures that add up (issue 45, item 3). Pure: the
 * numbers come from `cohortFigures` (app/features/enrollment/figures.server.ts), the one place that counts
 * paid seats and revenue; every page shows these.
 *
 * A refund before the cohort's start gives the seat back (it is offered to the seat queue); from
 * the start the seat stays taken and empty (decision 0045). So `enrolled_count` counts paid seats
 * plus seats left empty after such a refund, and the seats read:
 * paid + left empty + held in checkout + offered to the queue + free = capacity.
 */
import { seatGoesBack } from "~/features/withdrawals/withdrawal";

export interface SeatCounts {
  capacity: number;
  /** The cohort's seats counted taken (`enrolled_count`): paid, or left empty after a refund. */
  enrolledCount: number;
  /** Payments of the cohort still paid. */
  paid: number;
  /** Open checkouts (not offers), not yet expired. */
  held: number;
  /** Open seat offers to the queue, not yet expired. */
  offered: number;
}

export interface SeatFigures {
  capacity: number;
  paid: number;
  /** Seats refunded after the cohort started: still taken, nobody in them. */
  emptied: number;
  held: number;
  offered: number;
  /** Seats nobody pays for, holds or is offered: what can still be sold. */
  free: number;
  /** Seats taken beyond the capacity (the owner lowered it), else 0. */
  over: number;
}

/** What a refund does to its seat today: gives it back (before the start) or leaves it empty. */
export type SeatRule = "refund_frees" | "refund_empties";

export function seatRuleOn(startDate: string | null, today: string): SeatRule {
  return seatGoesBack(startDate, today) ? "refund_frees" : "refund_empties";
}

export function seatFigures(counts: SeatCounts): SeatFigures {
  const { capacity, enrolledCount, paid, held, offered } = counts;
  const taken = Math.max(enrolledCount, paid);
  return {
    capacity,
    paid,
    emptied: taken - paid,
    held,
    offered,
    free: Math.max(0, capacity - taken - held - offered),
    over: Math.max(0, taken + held + offered - capacity),
  };
}

/**
 * What a payment still brings in: all of it while paid; after a refund, what was not given back
 * (a partial refund keeps the rest). A refund of unknown amount is the whole payment.
 */
export function keptCents(payment: {
  amountCents: number;
  status: "paid" | "refund_needed" | "refunded";
  refundCents: number | null;
}): number {
  if (payment.status === "paid") return payment.amountCents;
  if (payment.status === "refund_needed") return 0;
  const refunded = Math.min(payment.amountCents, payment.refundCents ?? payment.amountCents);
  return payment.amountCents - Math.max(0, refunded);
}
