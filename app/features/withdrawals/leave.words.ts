import type { ProposalReason } from "./refund-rule";
import type { EmailContent } from "~/mail/message";
import { refundPolicy } from "~/content/policies";
import { site } from "~/content/site";

/**
 * Leaving the programme (issue 36, item 1): the student's page /portal/leave, the owner's section
 * of the person page, and the emails. Every message names the rule that applied (the FAQ's
 * refund policy, app/content/policies.ts; the rule itself is app/features/withdrawals/refund-rule.ts).
 */

export type RuleName = "full_refund" | "owner_decides" | "promise_review";

const signOff = `The ${site.name} team`;
const hi = (firstName: string) => (firstName ? `Hi ${firstName},` : "Hi,");

/** The rule in plain words, for the student and the owner alike. */
export const ruleWords = {
  name: {
    full_refund: "Full refund (up to the end of week 2)",
    owner_decides: "Case by case (after week 2)",
    promise_review: "30-day promise (reviewed against attendance)",
  } satisfies Record<RuleName, string>,
  /**
   * What the rule means for this request: the policy's own sentence (app/content/policies.ts),
   * then what it gives this seat; `lastDay` is the last full-refund day, if any.
   */
  explain: (rule: RuleName, paid: string, lastDay: string | null): string => {
    switch (rule) {
      case "full_refund":
        return `${refundPolicy.fullRefund} You asked by the end of week 2${lastDay ? ` (${lastDay})` : ""}, so ${paid} goes back to you.`;
      case "owner_decides":
        return `${refundPolicy.caseByCase} You asked after week 2, so the owner decides the amount, from nothing to the ${paid} you paid.`;
      case "promise_review":
        return `${refundPolicy.promise} You asked under this promise: if your attendance shows you followed the program, ${paid} goes back to you.`;
    }
  },
} as const;

export const leavePage = {
  title: "Leaving the program",
  intro:
    "We're sorry to see you go. Tell us why, and the owner reviews your request, usually within two business days.",
  todayTitle: "The rule that applies today",
  /** The policy's rule for today, quoted, and when week 2 ends for this cohort. */
  today: {
    full_refund: (lastDay: string | null) =>
      `${refundPolicy.fullRefund}${lastDay ? ` Week 2 ends ${lastDay}.` : ""}`,
    owner_decides: refundPolicy.caseByCase,
  },
  promise: refundPolicy.promise,
  formTitle: "Ask to leave",
  kindLegend: "What are you asking for?",
  kinds: {
    leave: "I want to leave the program",
    promise: "No improvement while following the program (30-day promise)",
  },
  reason: "Why? (up to 1,000 characters)",
  reasonHint: "Only the owner reads this.",
  submit: "Send my request",
  requestTitle: "Your request",
  state: {
    requested: "Waiting for the owner's decision.",
    approved: (amount: string) => `Approved: ${amount} refunded.`,
    declined: "Declined.",
  },
  asked: (when: string) => `Sent ${when}.`,
  ruleApplied: (name: string) => `Rule that applies: ${name}.`,
  note: (note: string) => `The owner's note: ${note}`,
  askAgain: "You can send a new request below.",
  sentToast: {
    title: "Request sent",
    description: "We've emailed you a copy. The owner will reply by email.",
  },
  kindRequired: "Please choose what you are asking for",
  reasonRequired: "Please tell us why",
  alreadyOpen:
    "You already have a request waiting for the owner's decision. We'll email you as soon as it is decided.",
  notEnrolled: "You have no paid seat to leave.",
  homeLink: "Leaving the program",
} as const;

/** The owner's section of the person page. */
export const leaveConsole = {
  title: "Request to leave",
  kind: {
    leave: "Asked to leave",
    promise: "30-day promise claim",
  },
  status: {
    requested: "Waiting for your decision",
    approved: "Approved",
    declined: "Declined",
  },
  asked: "Asked",
  reason: "Reason",
  rule: "Rule that applied",
  paid: "Paid",
  decided: "Decided",
  refunded: "Refunded",
  note: "Note",
  attendance: "Attendance",
  /** "1-on-1s held X of Y owed so far; group sessions attended X of Y held." */
  followed: (a: {
    oneOnOnesHeld: number;
    oneOnOnesOwed: number;
    sessionsAttended: number;
    sessionsHeld: number;
  }) =>
    `1-on-1s held ${a.oneOnOnesHeld} of ${a.oneOnOnesOwed} owed so far (one for each week ended); group sessions attended ${a.sessionsAttended} of ${a.sessionsHeld} held.`,
  grid: "The cohort's attendance grid",
  seat: {
    freed: "Approving frees the seat for the queue: enrollment is still open (before the start).",
    kept: "The cohort has started: approving leaves the seat empty.",
  },
  fixedAmount: (amount: string) => `Approving refunds the full ${amount} (the rule fixes it).`,
  /** The amount the policy gives, proposed in the amount field, and why. */
  proposal: (reason: ProposalReason, amount: string, weeksLeft: number): string => {
    switch (reason) {
      case "full_refund":
        return `The request came by the end of week 2: the policy gives the full ${amount}.`;
      case "followed":
        return `Proposed: ${amount}, the full payment. The 30-day promise refunds a student who followed the program, and this student attended every group session held and held every 1-on-1 owed so far.`;
      case "not_followed":
        return `Proposed: ${amount}. The 30-day promise refunds a student who followed the program, and this student missed group sessions or 1-on-1s (see the attendance above). You can still refund more.`;
      case "weeks_left":
        return `Proposed: ${amount}, for the ${weeksLeft} of 6 weeks not yet ended. After week 2 the policy leaves the amount to you (case by case).`;
    }
  },
  amount: (max: string) => `Refund amount in dollars (0 to ${max})`,
  approveNote: "Note to the student (optional)",
  approve: "Approve and refund",
  approveConfirm: (name: string, amount: string, freesSeat: boolean) =>
    `Approve ${name}'s request and refund ${amount}${freesSeat ? ", freeing their seat" : ""}? Their portal closes and they are emailed; this cannot be undone.`,
  approveConfirmButton: (amount: string) => `Approve and refund ${amount} now`,
  approveCancel: "Cancel",
  declineNote: "Why you decline (sent to the student)",
  decline: "Decline",
  approvedToast: (amount: string) =>
    `Request approved: ${amount} refunded, the student's portal is closed.`,
  declinedToast: "Request declined. The student has been emailed.",
  amountRequired: "Enter the amount to refund, in dollars (0 for none)",
  amountFormat: "Enter an amount in dollars, like 300 or 324.50",
  amountTooHigh: (max: string) => `The refund cannot be more than the ${max} paid`,
  noteRequired: "Please write why you decline",
  notOpen: "This request has already been decided.",
  notEnrolled:
    "This enrollment is no longer paid (it was refunded another way). Decline the request with a note.",
  providerFailed: "The payment provider refused the refund. Nothing was changed; try again later.",
} as const;

export const leaveEmails = {
  received: (input: {
    firstName: string;
    kind: "leave" | "promise";
    rule: RuleName;
    explain: string;
  }): EmailContent => ({
    subject:
      input.kind === "promise"
        ? "We received your 30-day promise request"
        : "We received your request to leave the program",
    greeting: hi(input.firstName),
    paragraphs: [
      input.kind === "promise"
        ? "We've received your request under our 30-day promise."
        : "We've received your request to leave From Scratch to Success.",
      `Rule that applies: ${ruleWords.name[input.rule]}. ${input.explain}`,
      "The owner reviews it, usually within two business days, and emails you the decision. Until then your portal stays open.",
    ],
    signOff,
  }),
  ownerNotice: (input: {
    name: string;
    email: string;
    kind: "leave" | "promise";
    rule: RuleName;
    reason: string;
    adminUrl: string;
  }): EmailContent => ({
    subject: `${input.kind === "promise" ? "30-day promise claim" : "Request to leave"}: ${input.name}`,
    greeting: "Hi,",
    paragraphs: [
      `${input.name} (${input.email}) ${input.kind === "promise" ? "claims the 30-day promise" : "asks to leave the program"}.`,
      `Rule that applies: ${ruleWords.name[input.rule]}.`,
      `Their reason: ${input.reason}`,
      `Approve or decline on their page: ${input.adminUrl}`,
    ],
    signOff,
  }),
  approved: (input: {
    firstName: string;
    rule: RuleName;
    amount: string;
    refunded: boolean;
    note: string | null;
  }): EmailContent => ({
    subject: "Your request to leave the program is approved",
    greeting: hi(input.firstName),
    paragraphs: [
      input.refunded
        ? `Your request is approved and we've refunded ${input.amount}. Depending on your bank, it shows on your statement within 5 to 10 business days.`
        : "Your request is approved. Under the rule below, no refund is due.",
      `Rule that applied: ${ruleWords.name[input.rule]}.`,
      ...(input.note ? [`A note from us: ${input.note}`] : []),
      "Your portal access has ended. If you'd like to join a later cohort, just reply to this email.",
    ],
    signOff,
  }),
  declined: (input: { firstName: string; rule: RuleName; note: string }): EmailContent => ({
    subject: "Your request to leave the program",
    greeting: hi(input.firstName),
    paragraphs: [
      "We've looked at your request and declined it; your seat and your portal stay as they are.",
      `Rule that applied: ${ruleWords.name[input.rule]}.`,
      `Why: ${input.note}`,
      "If you'd like to talk it through, just reply to this email.",
    ],
    signOff,
  }),
} as const;
