import type { SeatRule } from "~/features/enrollment/seats";
import { formatDollars } from "~/features/enrollment/pricing.words";

/**
 * What each dashboard figure counts, said once under it, so figures that look alike (paid seats,
 * enrollments a day, paid in the funnel) are not read as the same number.
 */
export const glossary = {
  /** The seats' caption, by the rule that applies to a refund today. */
  seats: {
    refund_frees:
      "Seats of the current cohort right now: paid, freed and offered to the seat queue, held in an open checkout, and free. Before the cohort starts a refund frees its seat, and the seat queue is offered it.",
    refund_empties:
      "Seats of the current cohort right now: paid, left empty after a refund once the cohort started, held in an open checkout, offered, and free. The cohort has started: a refunded seat stays empty and nobody is offered it.",
  } satisfies Record<SeatRule, string>,
  applications:
    "Every application since the start, by the outcome it got when sent (someone who applied twice counts twice).",
  leads: "Free-resource requests by resource: this week (the last 7 days) and since the start.",
  emails: "Every email in the outbox, by where it stands now.",
  revenueTitle: "Revenue",
  revenue: (last30: number, payments: number, cohort: number) =>
    `${formatDollars(last30)} from ${payments} ${payments === 1 ? "payment" : "payments"} in the last 30 days; ${formatDollars(cohort)} kept from the current cohort.`,
  revenueNote:
    "Net of refunds: a refunded payment counts for what was kept (nothing after a full refund, the rest after a partial one).",
  daily:
    "Each day: new visitors, people who asked for a resource, people who applied, and payments made that day that are still paid (all cohorts).",
  funnel:
    "Browsers first seen in the last 30 days and how far the people they became have gone since (Paid: those who paid, at any time after; Graduated with an offer: graduates with a confirmed offer from the program's first day on). The confirmed offers of every student, whenever they arrived, are counted on their own line.",
} as const;
