import { NEXT_COHORT_TEXT } from "./cohort";
import type { QueueStatus } from "~/db/schema";
import type { SeatFigures, SeatRule } from "~/features/enrollment/seats";
import type { EmailContent } from "~/mail/message";

const signOff = "See you soon,\nThe From Scratch to Success team";
const hi = (firstName: string) => (firstName ? `Hi ${firstName},` : "Hi,");
const startsLine = (startDisplay: string) =>
  startDisplay === "our next cohort"
    ? "It's a seat in our next cohort; we'll confirm the start date when you enroll."
    : `The cohort starts the week of ${startDisplay}.`;

/** A cohort's start week set, moved or cleared, as the start-date emails tell it. */
interface StartNews {
  startDisplay: string;
  previousDisplay: string;
  portalUrl: string;
}
const startChange = (news: StartNews) => ({
  cleared: news.startDisplay === NEXT_COHORT_TEXT,
  firstDate: news.previousDisplay === NEXT_COHORT_TEXT,
});

export const cohortEmails = {
  /**
   * To each student with a paid seat when the week their cohort starts is set, moved or cleared
   * (decision 0040). `startDisplay` is the new week, or NEXT_COHORT_TEXT when the date was
   * cleared; `previousDisplay` the week it replaces (NEXT_COHORT_TEXT when there was none).
   */
  startDate: (input: StartNews & { firstName: string; email: string }): EmailContent => {
    const { cleared, firstDate } = startChange(input);
    return {
      subject: cleared
        ? "Your cohort's start date is to be confirmed"
        : `Your cohort starts the week of ${input.startDisplay}`,
      greeting: hi(input.firstName),
      paragraphs: [
        cleared
          ? `Your cohort no longer starts the week of ${input.previousDisplay}: the new start date is to be confirmed, and we'll email you as soon as it is set. Your seat is unchanged.`
          : firstDate
            ? `Your cohort's start date is set: we start the week of ${input.startDisplay}.`
            : `Your cohort's start has moved: we now start the week of ${input.startDisplay}, not the week of ${input.previousDisplay}. Your seat is unchanged.`,
        `Your cohort portal always shows the current start: ${input.portalUrl} (sign in with this email address, ${input.email}).`,
        "Questions? Just reply to this email.",
      ],
      action: { label: "Open your cohort portal", url: input.portalUrl },
      signOff,
    };
  },
  /** The same news for a mentor with students in the cohort. */
  mentorStartDate: (input: StartNews & { name: string }): EmailContent => {
    const { cleared, firstDate } = startChange(input);
    return {
      subject: cleared
        ? "Your students' cohort: start date to be confirmed"
        : `Your students' cohort starts the week of ${input.startDisplay}`,
      greeting: hi(input.name.split(" ")[0] ?? ""),
      paragraphs: [
        cleared
          ? `The cohort no longer starts the week of ${input.previousDisplay}: the new start date is to be confirmed, and we'll email you as soon as it is set.`
          : firstDate
            ? `The cohort's start date is set: we start the week of ${input.startDisplay}.`
            : `The cohort's start has moved: we now start the week of ${input.startDisplay}, not the week of ${input.previousDisplay}.`,
        `Your students and their profiles are in the portal: ${input.portalUrl}`,
      ],
      action: { label: "See your students", url: input.portalUrl },
      signOff,
    };
  },
  seatOffer: (input: {
    firstName: string;
    startDisplay: string;
    /** When the hold ends, as people read it (formatWhen: "Fri, Nov 27, 4:52 PM EST"). */
    endsAt: string;
    claimUrl: string;
    declineUrl: string;
  }): EmailContent => ({
    subject: "A seat has opened up for you: From Scratch to Success",
    preheader: `We're holding it for you until ${input.endsAt}.`,
    greeting: hi(input.firstName),
    paragraphs: [
      "Good news: a seat in the cohort has opened up, and you're next on the waitlist.",
      `We're holding it for you until ${input.endsAt}. After that it goes to the next person in line.`,
      startsLine(input.startDisplay),
    ],
    action: { label: "Claim your seat", url: input.claimUrl },
    linkGroups: [
      {
        title: "Can't make it this time? Let the next person have the seat:",
        links: [{ label: "No thanks, give my seat away", url: input.declineUrl }],
      },
    ],
    signOff,
  }),
  checkoutReminder: (input: { firstName: string; enrollUrl: string }): EmailContent => ({
    subject: "Your seat in From Scratch to Success is still open",
    greeting: hi(input.firstName),
    paragraphs: [
      "You started enrolling in the cohort but didn't finish checking out, so we released the seat we were holding for you.",
      "Seats are still available right now. If you'd like one, you can pick up where you left off.",
      "Questions before you commit? Just reply to this email.",
    ],
    action: { label: "Finish enrolling", url: input.enrollUrl },
    signOff,
  }),
  refunded: (input: { firstName: string; amount: string }): EmailContent => ({
    subject: "Your From Scratch to Success enrollment has been refunded",
    greeting: hi(input.firstName),
    paragraphs: [
      `We've refunded ${input.amount} and released your seat in the cohort.`,
      "Depending on your bank, the money shows on your statement within 5 to 10 business days.",
      "If this is a surprise, or you'd like to join a later cohort, just reply to this email.",
    ],
    signOff,
  }),
  enrollmentOpen: (input: {
    firstName: string;
    startDisplay: string;
    capacity: number;
    applyUrl: string;
  }): EmailContent => ({
    subject: "Enrollment is open for the next From Scratch to Success cohort",
    greeting: hi(input.firstName),
    paragraphs: [
      "You joined our waitlist, so you're hearing it first: enrollment for the next cohort is open.",
      input.startDisplay === NEXT_COHORT_TEXT
        ? "We'll confirm the start date soon."
        : `The cohort starts the week of ${input.startDisplay}.`,
      `Seats are limited to ${input.capacity} students. If you're ready to commit six weeks, apply now.`,
    ],
    action: { label: "Apply for the next cohort", url: input.applyUrl },
    signOff,
  }),
};

export const offerPages = {
  declineTitle: "Give your seat away?",
  declineIntro: (endsAt: string) =>
    `We're holding a seat in the cohort for you until ${endsAt}. If you can't take it, the next person on the waitlist gets it straight away.`,
  declineButton: "No thanks, give my seat away",
  claimLink: "I'd like the seat after all",
  declinedToast: {
    title: "Seat passed on",
    description: "Thanks for letting us know. We've offered the seat to the next person in line.",
  },
  endedToast: {
    title: "This seat offer has ended",
    description: "It expired, was already used, or was passed on. You can still apply below.",
  },
  claimedToast: {
    title: "Your seat is held",
    description: "Enroll below to make it yours before the offer ends.",
  },
} as const;

export const cohortConsole = {
  navLabel: "Cohorts",
  title: "Cohorts",
  columns: [
    "Starts",
    "Paid",
    "Free",
    "Revenue (net of refunds)",
    "Actions",
    "Capacity",
    "Held",
    "Freed and offered",
    "Left empty after a refund",
  ],
  /** Each row's rule for a refund today, in short. */
  rowRule: {
    refund_frees: "A refund frees the seat",
    refund_empties: "Started: a refunded seat stays empty",
  } satisfies Record<SeatRule, string>,
  current: "Current",
  closed: "Closed",
  noDate: "No date yet",
  open: "Roster and queue",
  makeCurrent: "Make current",
  createTitle: "Create the next cohort",
  createIntro:
    "The new cohort is not sold until you make it current. Making it current moves the seat queue over in its order and emails everyone on the waitlist that enrollment is open.",
  startDate: "Start date",
  capacity: "Capacity",
  create: "Create cohort",
  created: "Cohort created. Make it current when you're ready to sell it.",
  madeCurrent: "This cohort is now current. The waitlist has been emailed.",
  alreadyCurrent: "This cohort is already current.",
  cohortTitle: (start: string) => `Cohort starting ${start}`,
  /** Every seat accounted for: paid, freed and offered, left empty, held, free. */
  summary: (s: SeatFigures) => {
    const parts = [
      s.offered > 0 ? `${s.offered} freed and offered` : "",
      s.emptied > 0 ? `${s.emptied} left empty after a refund once the cohort started` : "",
      s.held > 0 ? `${s.held} held in checkout` : "",
    ].filter(Boolean);
    const listed = `${s.paid} of ${s.capacity} seats paid${parts.map((p) => `, ${p}`).join("")}`;
    return s.over > 0
      ? `${listed}: ${s.over} over its capacity of ${s.capacity}.`
      : `${listed}, ${s.free} free.`;
  },
  /** The rule a refund follows today, said under the seats. */
  seatRule: {
    refund_frees:
      "Before the cohort starts, a refund frees its seat and the next person in the seat queue is offered it.",
    refund_empties: "The cohort has started: a refunded seat stays empty and nobody is offered it.",
  } satisfies Record<SeatRule, string>,
  rosterTitle: "Roster",
  rosterEmpty: "Nobody has paid for this cohort yet.",
  rosterColumns: ["Name", "Amount", "Paid", "Email", "University", "Graduation"],
  exportCsv: "Download roster (CSV)",
  queueTitle: "Seat queue",
  queueIntro:
    "Qualified applicants who found the cohort full, in the order they applied. When a seat frees up the next person is offered it automatically.",
  queueEmpty: "Nobody is waiting for a seat.",
  queueColumns: ["#", "Name", "Status", "Actions", "Joined"],
  queueStatus: {
    waiting: "Waiting",
    offered: "Seat offered",
    enrolled: "Enrolled",
    expired: "Offer expired",
    declined: "Declined",
    removed: "Removed",
  } satisfies Record<QueueStatus, string>,
  offerEnds: (at: string) => `ends ${at}`,
  moveUp: "Move up",
  remove: "Remove",
  offerSeat: "Offer a seat",
  movedUp: "Moved up the queue.",
  removed: "Removed from the queue.",
  offered: "Seat offered and the person emailed.",
  noSeat: "No seat is free to offer. Raise the capacity or wait for a seat to free up.",
  notWaiting: "That person is no longer waiting in this cohort's queue.",
  notCurrent: "Seats can only be offered in the current cohort.",
  refundTitle: "Refund enrollment",
  /** `freesSeat`: before the cohort's start the seat goes back to the queue; from it, it stays. */
  refundIntro: (amount: string, freesSeat: boolean) =>
    freesSeat
      ? `Refunds the ${amount} payment, frees the seat for the next person in the queue and emails the student.`
      : `Refunds the ${amount} payment and emails the student. The cohort has started, so the seat stays taken and nobody is offered it.`,
  refundReason: "Reason for the refund",
  refundButton: (freesSeat: boolean) => (freesSeat ? "Refund and free the seat" : "Refund"),
  refundConfirmTitle: "Confirm the refund",
  refundConfirm: (name: string, amount: string, reason: string, freesSeat: boolean) =>
    `Refund ${amount} to ${name}${freesSeat ? " and free their seat" : ""}? Reason: "${reason}". The student is emailed; this cannot be undone.`,
  refundConfirmButton: (amount: string) => `Refund ${amount} now`,
  refundCancel: "Cancel",
  refunded: "Enrollment refunded. The seat will be offered to the next person in the queue.",
  refundReasonRequired: "Please give a reason for the refund.",
  notEnrolled: "This person has no paid enrollment to refund.",
  providerFailed: "The payment provider refused the refund. Nothing was changed; try again later.",
} as const;
