import { formatDollars } from "./pricing";

/**
 * What each dashboard figure counts, said once under it, so figures that look alike (paid seats,
 * enrollments a day, paid in the funnel) are not read as the same number.
 */
export const glossary = {
  seats:
    "Seats of the current cohort right now: paid (a refund gives the seat back), held in an open checkout, offered to the seat queue, and left.",
  applications:
    "Every application since the start, by the outcome it got when sent (someone who applied twice counts twice).",
  leads: "Free-resource requests by resource: this week (the last 7 days) and since the start.",
  emails: "Every email in the outbox, by where it stands now.",
  revenueTitle: "Revenue",
  revenue: (last30: number, payments: number, cohort: number) =>
    `${formatDollars(last30)} from ${payments} ${payments === 1 ? "payment" : "payments"} in the last 30 days; ${formatDollars(cohort)} paid for the current cohort.`,
  revenueNote: "Payments still paid: refunded ones are not counted.",
  daily:
    "Each day: new visitors, people who asked for a resource, people who applied, and payments made that day that are still paid (all cohorts).",
  funnel:
    "Browsers first seen in the last 30 days and how far the people they became have gone since (Paid: those who paid, at any time after).",
} as const;
