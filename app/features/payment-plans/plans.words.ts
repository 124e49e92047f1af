import type { EmailContent } from "~/mail/message";
import { formatDollars } from "~/features/enrollment/pricing.words";
import type { PlanStatus } from "~/db/plan-schema";

const signOff = "Thank you,\nThe From Scratch to Success team";

/** /enroll's plan offer: its button and what it charges when. */
export const planOffer = {
  button: (count: number, instalments: number[]) =>
    `Or pay in ${count} monthly payments of ${formatDollars(instalments[1] ?? 0)}`,
  detail: (count: number, instalments: number[], totalCents: number, surchargeCents: number) =>
    `${
      instalments[0] === instalments[1]
        ? `${formatDollars(instalments[0] ?? 0)} today`
        : `${formatDollars(instalments[0] ?? 0)} today (the odd cents go on the first payment)`
    }, then ${count - 1} more a month apart: ${formatDollars(totalCents)} in all${
      surchargeCents > 0 ? `, including ${formatDollars(surchargeCents)} for paying over time` : ""
    }. Your seat is yours from the first payment.`,
};

/** The test checkout of a plan's first payment: a test-only way to make later payments fail. */
export const testPlanCheckout = {
  planNote: (count: number, later: string) =>
    `Payment 1 of ${count}. The other payments of ${later} are charged monthly to the same card.`,
  cardFails: "Test only: this card fails on later payments",
};

/** /checkout/test-card/:planId: the test provider's "update your card" page. */
export const testCardPage = {
  title: "Update your card (test)",
  banner: "TEST MODE: no card is charged. This page stands in for the provider's card update page.",
  intro: (due: string) => `Your card will be tried again for ${due} now.`,
  nothingDue: "Nothing is due on this plan.",
  submit: "Use a working test card",
};

export const planStatusNames: Record<PlanStatus, string> = {
  active: "paying on schedule",
  past_due: "past due",
  owner_decides: "past due: your decision",
  completed: "paid in full",
  cancelled: "canceled",
};

/** The owner's view of a plan (person page and cohort page) and their decision. */
export const planConsole = {
  title: "Payment plan",
  summary: (paid: number, count: number, paidCents: number, totalCents: number) =>
    `${paid} of ${count} payments made: ${formatDollars(paidCents)} of ${formatDollars(totalCents)}.`,
  status: "Status",
  pastDue: "past due",
  instalment: (number: number, amount: string, status: string, attempts: number) =>
    `Payment ${number}: ${amount}, ${status}${attempts > 1 ? ` (${attempts} tries)` : ""}`,
  due: (when: string) => `due ${when}`,
  nextTry: (when: string) => `next try ${when}`,
  proposal: {
    keep: "The policy's answer: more than half is paid, so keep the seat until the cohort ends and charge nothing more.",
    withdraw: (refund: string) =>
      `The policy's answer: less than half is paid, so withdraw the student${
        refund === "$0"
          ? ", keeping what was paid (the full-refund weeks are over)"
          : ` and refund ${refund} (the full-refund weeks are not over)`
      }.`,
  },
  keep: "Keep the seat",
  withdraw: (refund: string) => `Withdraw and refund ${refund}`,
  kept: "Seat kept: nothing more will be charged",
  withdrawn: "Student withdrawn",
  notDeciding: "This plan is not waiting for your decision.",
  cohortPastDue: (n: number) => `${n} ${n === 1 ? "plan is" : "plans are"} past due`,
  decisionReason: "plan payments failed",
};

export const planSettingsPage = {
  title: "Payment plan",
  intro:
    "Offer buyers to pay their seat in monthly payments. The first payment takes the seat; the others are charged a month apart to the same card. Failed payments are retried, the student is emailed a link to update their card, and you decide what happens after the last retry.",
  enabled: "Offer the payment plan on /enroll",
  payments: "Number of monthly payments (2 to 6)",
  surcharge: "Surcharge for paying over time, in dollars",
  save: "Save",
  saved: "Payment plan saved",
  example: (count: number, each: string, total: string) =>
    `With the list price: ${count} monthly payments of about ${each}, ${total} in all.`,
  validation: {
    payments: "Choose between 2 and 6 payments",
    surcharge: "Enter an amount in dollars, like 25 or 25.50",
    plan: "This plan was not found.",
  },
};

export const planEmails = {
  paymentFailed: (input: {
    firstName: string;
    amount: string;
    number: number;
    count: number;
    updateUrl: string;
    retryOn: string | null;
  }): EmailContent => ({
    subject: "Your From Scratch to Success payment didn't go through",
    greeting: input.firstName ? `Hi ${input.firstName},` : "Hi,",
    paragraphs: [
      `We couldn't charge payment ${input.number} of ${input.count} (${input.amount}) to your card.`,
      input.retryOn
        ? `We'll try again on ${input.retryOn}. To make sure it goes through, update your card with the link below.`
        : "This was our last try. Please update your card with the link below, or reply to this email: we'll work out what happens with your seat together.",
      "Your seat is not affected while we sort this out.",
    ],
    action: { label: "Update your card", url: input.updateUrl },
    signOff,
  }),
};

export const planWithdrawalEmail = (input: { firstName: string; refund: string | null }) => ({
  subject: "Your From Scratch to Success seat has been withdrawn",
  greeting: input.firstName ? `Hi ${input.firstName},` : "Hi,",
  paragraphs: [
    "The remaining payments of your payment plan could not be collected, so we have withdrawn your seat in the cohort. No further payments will be charged.",
    input.refund
      ? `We've refunded ${input.refund} of what you paid. Depending on your bank, it shows on your statement within 5 to 10 business days.`
      : "What you paid covers the weeks you took part in, under our refund policy.",
    "If this is a surprise, or you'd like to join a later cohort, just reply to this email.",
  ],
  signOff,
});
