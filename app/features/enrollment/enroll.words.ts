import type { EmailContent } from "~/mail/message";
import { NEXT_COHORT_TEXT } from "~/features/cohort/cohort";
import { refundPolicy } from "~/content/policies";

export const enrollPage = {
  title: "Secure your spot",
  metaDescription:
    "Enroll in the six-week From Scratch to Success cohort: price breakdown, start date and secure checkout.",
  back: "Back to Application",
  intro: (capacity: number, mentors: number) =>
    mentors === 1
      ? `Each cohort is capped at ${capacity} ${capacity === 1 ? "student" : "students"} with one mentor, so every student gets real attention.`
      : `Each cohort is capped at ${capacity} students, with ${mentors} mentors taking up to five students each, so every student gets real attention.`,
  breakdownTitle: "What you get",
  totalValue: "Total value",
  discount: "Early access discount",
  yourPrice: "Your price",
  programStarts: "Program starts",
  startsText: (display: string) =>
    display === NEXT_COHORT_TEXT ? display : `the week of ${display}`,
  heldTitle: "All seats are being checked out",
  held: "Every remaining seat is held by someone at checkout right now. Unpaid holds free up within 40 minutes: please try again shortly.",
  alreadyEnrolledNote:
    "You're already enrolled: your seat is paid for. Check your inbox for your confirmation and onboarding emails.",
  refundPromise: refundPolicy.summary,
  termsLink: "Read the full terms",
  button: "Enroll Now for $649",
  busy: "Opening checkout...",
  secureNote: "You'll pay on a secure card-payment page.",
  alreadyEnrolledTitle: "You're already enrolled",
  alreadyEnrolled:
    "Your seat is paid for. Check your inbox for your confirmation and onboarding emails.",
  applyFirstTitle: "Apply first",
  applyFirst:
    "Seats are for applicants who qualified. Apply in about five minutes, or open the enrollment link we emailed you.",
  tooManyHoldsTitle: "Too many checkouts from this network",
  tooManyHolds:
    "Several checkouts were opened from your network in the last half hour. Please finish one of them, or try again later.",
  linkEndedToast: {
    title: "This enrollment link has expired",
    description: "Links are good for two weeks. Apply again below and we'll send you a new one.",
  },
  linkClaimedToast: {
    title: "Welcome back",
    description: "Enroll below to secure your seat.",
  },
  noPlanTitle: "The payment plan isn't available",
  noPlan: "Monthly payments aren't offered for this price right now. You can pay in full below.",
  checkoutError: "We couldn't open the checkout. Please try again in a moment or contact support.",
} as const;

export const confirmationPage = {
  title: "You're In!",
  secured: "Your spot in the From Scratch to Success cohort is secured.",
  emailSent: (email: string) =>
    `We sent a confirmation email to ${email}, the address you gave at checkout.`,
  emailSentNoAddress: "We sent a confirmation email to the address you gave at checkout.",
  onboarding:
    "Your onboarding email follows within 24 hours: how to sign in to your cohort portal, your mentor, your start and the week 1 pre-work.",
  starts: (display: string) =>
    display === NEXT_COHORT_TEXT
      ? `You'll join ${display}: we'll email you the start date as soon as it is set.`
      : `We start the week of ${display}.`,
  getReadyTitle: "Get ready",
  getReady: [
    "Review the curriculum so you know what each week brings.",
    "Think about your career goals: which roles, which firms, which cities.",
    "Have your current resume ready as a .docx: you'll upload it to your portal profile.",
  ],
  viewProgram: "View Program Details",
  /** The way into the portal: this browser paid, so it is signed in (or the buyer signs in). */
  portalSignedIn:
    "You're signed in to your cohort portal on this device: set up your profile, read the week 1 pre-work and meet your mentor there.",
  portalSignIn:
    "Your cohort portal is ready: sign in with the email you paid with to set up your profile, read the week 1 pre-work and meet your mentor.",
  goToPortal: "Go to your cohort portal",
  signInToPortal: "Sign in to your cohort portal",
  processingTitle: "Payment processing",
  processing:
    "Your payment is still being confirmed. This usually takes a few seconds; this page will update when it's done. You'll also get an email.",
  refreshing: "Checking again...",
  notFoundTitle: "We couldn't find that payment",
  notFound:
    "If you were charged, email us and we'll sort it out straight away. Otherwise you can return to enrollment.",
  backToEnroll: "Return to enrollment",
  refundTitle: "The cohort filled up before your payment completed",
  refund:
    "We're sorry: your payment arrived after the last seat was taken. We're refunding you in full, and we've put you at the top of the waitlist.",
} as const;

export const testCheckout = {
  title: "Test checkout",
  banner: "TEST MODE: no card is charged. This page stands in for the card-payment provider.",
  emailLabel: "Email for the receipt",
  pay: (amount: string) => `Pay ${amount}`,
  cancel: "Cancel",
  expired: "This checkout has expired or is no longer open.",
  emailError: "Please enter a valid email address",
} as const;

const signOff = "See you soon,\nThe From Scratch to Success team";

/** The week 1 pre-work in three lines, as the onboarding email lists it. */
export const onboardingPrework = [
  "Complete your profile in the portal: time zone, target roles and firms, LinkedIn, and your current resume (.docx).",
  "Start your target list: 15 firms you'd be glad to work for, across the tracks you picked.",
  "Write your story in 60 seconds, and note three things you've done that aren't on your resume yet.",
];

export const enrollmentEmails = {
  /** The payment's confirmation is also its receipt: amount, date, what was bought, the policy. */
  confirmation: (input: {
    firstName: string;
    startDisplay: string;
    programUrl: string;
    amount: string;
    paidOn: string;
    termsUrl: string;
    /** The student's receipts in the portal (/portal/receipts). */
    receiptsUrl: string;
    /** On a payment plan: how many payments it has. */
    plan?: number;
  }): EmailContent => ({
    subject: "You're in: welcome to From Scratch to Success",
    greeting: input.firstName ? `Hi ${input.firstName},` : "Hi,",
    paragraphs: [
      "Your payment went through and your seat in the cohort is secured.",
      `Receipt\nPaid: ${input.amount} (US dollars)${input.plan ? `, payment 1 of ${input.plan}` : ", one-time"}\nDate: ${input.paidOn}\nFor: one seat in the six-week From Scratch to Success cohort${input.startDisplay === NEXT_COHORT_TEXT ? "" : ` starting the week of ${input.startDisplay}`}`,
      `Your full receipt, with a PDF to download, is in your cohort portal: ${input.receiptsUrl} (sign in with the email you paid with). Add who paid, a company or university and a billing address there, for a parent, an employer or a school to file.`,
      `${refundPolicy.title}: ${refundPolicy.summary} The full terms: ${input.termsUrl}`,
      input.startDisplay === NEXT_COHORT_TEXT
        ? "You're joining our next cohort; we'll email you the start date as soon as it is set."
        : `We start the week of ${input.startDisplay}.`,
      "Your onboarding email follows within 24 hours: how to sign in to your cohort portal, your mentor and the week 1 pre-work.",
    ],
    action: { label: "Review the curriculum", url: input.programUrl },
    signOff,
  }),
  /**
   * Rendered when it is sent, not when it was queued (decision 0040): the start, the mentor and
   * the address are the ones on file at that moment.
   */
  onboarding: (input: {
    firstName: string;
    startDisplay: string;
    /** Null while no mentor is assigned to the seat. */
    mentorName: string | null;
    /** The address the student signs in to the portal with. */
    email: string;
    portalUrl: string;
    preworkUrl: string;
  }): EmailContent => ({
    subject: "Your onboarding for From Scratch to Success",
    preheader: "Your cohort portal, your mentor, your start and the week 1 pre-work.",
    greeting: input.firstName ? `Hi ${input.firstName},` : "Hi,",
    paragraphs: [
      "Welcome aboard. Here is how the next six weeks work.",
      "Every week: a 1-hour live group session, a 30-minute 1-on-1 with your mentor, and one focused assignment. Sessions are recorded if you miss one.",
      input.startDisplay === NEXT_COHORT_TEXT
        ? "Start: your cohort's start date is being set. We'll email you the week as soon as it is."
        : `Start: your cohort starts the week of ${input.startDisplay}.`,
      input.mentorName
        ? `Your mentor: ${input.mentorName}. You'll find their introduction in your portal.`
        : "Your mentor will be introduced soon: you'll see their name in your portal as soon as you're matched.",
      `Your cohort portal: ${input.portalUrl}\nSign in with this email address (${input.email}): enter it on the portal and we'll email you a one-time sign-in link, good for 15 minutes. There you fill in your profile, upload your resume and check off your onboarding list.`,
      `Before week 1 (the pre-work, about 80 minutes):\n${onboardingPrework.map((item) => `- ${item}`).join("\n")}\nThe full pre-work: ${input.preworkUrl}`,
    ],
    action: { label: "Open your cohort portal", url: input.portalUrl },
    signOff,
  }),
  refundNotice: (input: { firstName: string }): EmailContent => ({
    subject: "Your From Scratch to Success payment is being refunded",
    greeting: input.firstName ? `Hi ${input.firstName},` : "Hi,",
    paragraphs: [
      "Your payment reached us just after the last seat in this cohort was taken, so we are refunding it in full.",
      "You're at the top of the waitlist for the next cohort, and we'll email you the moment enrollment opens.",
    ],
    signOff,
  }),
};
