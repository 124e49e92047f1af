/**
 * One refund policy, said the same way everywhere (issue 45, item 4): the FAQ, /enroll beside the
 * button, /terms, the payment receipt, /portal/leave and its emails all quote these sentences, so
 * no page can promise more or less than another. It joins the spec's two facts ("full refund if
 * the participant leaves after the first week, refunds case by case after that"; "30-day refund
 * promise if no improvement when following the programme") into three rules. The rule a request
 * falls under is app/features/withdrawals/refund-rule.ts; the amount proposed to the owner, proposeRefund there.
 */
const fullRefund =
  "Try the first week. If the program is not right for you, tell us by the end of week 2 and you get a full refund.";
const caseByCase =
  "After week 2, refunds are considered case by case: write to us and tell us what happened.";
const promise =
  "Our 30-day promise still stands: follow the program (the live sessions, your 1-on-1s and the weekly work), and if your applications have not improved within 30 days of the start, you get a full refund. We check the request against your attendance.";

export const refundPolicy = {
  title: "Our refund policy",
  fullRefund,
  caseByCase,
  promise,
  /** The three rules in one paragraph: the FAQ's answer, /enroll and the receipt. */
  summary: `${fullRefund} ${caseByCase} ${promise}`,
  /** The same rules, each under its name: /terms. */
  rules: [
    { term: "Until the end of week 2", text: fullRefund },
    { term: "After week 2", text: caseByCase },
    { term: "30-day promise", text: promise },
  ],
  how: "Refunds go back to the card you paid with, usually within 5 to 10 business days.",
} as const;

/** The words of /terms: what a buyer gets for $649, and on what terms. */
export const termsPage = {
  metaTitle: "Terms of Service",
  description:
    "The terms of the From Scratch to Success cohort: what you buy, the refund policy, and what we ask of you.",
  title: "Terms of Service",
  updated: "Last updated November 25, 2026.",
  sections: [
    {
      title: "What you buy",
      text: "A seat in one six-week cohort of From Scratch to Success for a one-time payment of $649 (US dollars). Each week: a 1-hour live group session, a 30-minute 1-on-1 with your mentor, and one assignment; a deep-dive interview prep when you land your first interview. Sessions are recorded. Your seat is yours alone and cannot be transferred.",
    },
    {
      title: "What we ask of you",
      text: "About 5 to 7 hours a week: the sessions, your 1-on-1s and the weekly work. Be respectful in sessions; what other students share stays in the cohort.",
    },
    {
      title: "No placement guarantee",
      text: "Nobody can honestly guarantee a job offer. We guarantee the work: a finance-ready resume, a real network, a plan and interview practice.",
    },
    {
      title: "Payments",
      text: "You pay on a secure card-payment page run by our payment provider; we never see or store your card number. Your receipt comes by email.",
    },
  ],
  contact: "Questions about these terms? Write to",
} as const;
