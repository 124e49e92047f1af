import type { NotSuitedReason, WaitlistVariant } from "./application-outcome";

export const applyPage = {
  title: "Apply to From Scratch to Success",
  back: "Back to Home",
  intro:
    "Tell us where you are and where you want to go. It takes about five minutes, and you will see your result straight away.",
  submit: "Submit Application",
  submitting: "Submitting...",
  requiredNote: "Fields marked * are required.",
} as const;

export const applyFields = {
  careerTargets: "Which careers are you targeting?",
  careerTargetsHint:
    "Choose all that apply. Consulting is welcome alongside a finance track (wealth management, banking or capital markets), not on its own.",
  careerOther: "Please specify",
  hoursPerWeek: "Can you commit at least 5 hours per week?",
  readyToEnroll: "Are you ready to enroll if you are a fit?",
  heardFrom: "How did you hear about us?",
  referralName: "Who referred you?",
  otherSource: "Please specify where you heard about us",
  challenge: "What is your biggest challenge in landing a finance role?",
  motivation: "Why do you want to work in finance?",
  hasQuestions: "Do you have any questions for us? (optional)",
  readyToStart: "Are you ready to start with the next cohort? (optional)",
} as const;

export const applyOptions = {
  hoursPerWeek: [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
  ],
  readyToEnroll: [
    { value: "yes", label: "Yes, I'm ready to enroll" },
    { value: "no", label: "No, add me to the waitlist" },
    { value: "questions", label: "I have questions before deciding" },
  ],
  heardFrom: [
    { value: "youtube", label: "YouTube" },
    { value: "referral", label: "Referral" },
    { value: "social", label: "Social media" },
    { value: "other", label: "Other" },
  ],
  readyToStart: [
    { value: "yes", label: "Yes" },
    { value: "no", label: "Not yet" },
  ],
} as const;

export const applyResults = {
  notSuited: {
    title: "Thank you for applying",
    body: {
      consulting_without_finance:
        "Consulting roles are welcome here alongside a finance track, but not on their own: every week of the program prepares you for wealth management, banking or capital markets recruiting, so with consulting as your only target it is not the right fit. If one of those finance tracks is also among your goals, apply again and choose it beside Consulting. Our free resources can still help with your search:",
      no_finance_track:
        "From Scratch to Success prepares students for wealth management, banking and capital markets roles (consulting is welcome alongside one of them), so the program is not the right fit for the goals you described. You are welcome to apply again if your goals change, and our free resources can still help with your search:",
    } satisfies Record<NotSuitedReason, string>,
    resourcesLink: "browse the free resource library",
  },
  hasQuestions: {
    title: "Thanks! We'll answer your questions",
    body: "We have your application. A mentor will email you within 24 hours to answer your questions. Many answers are already in our",
    faqLink: "FAQ",
    after: ".",
  },
  checkEmail: {
    title: "Check your email",
    body: "Thank you for applying. We've sent the next step to the email address you gave: open the link in that email to continue, on any device.",
  },
  waitlistTitle: "You're on the waitlist",
  waitlist: {
    cohort_full:
      "Your application is a great fit, but the current cohort is full. We have added you to the waitlist and will invite you to the next cohort first.",
    cannot_commit:
      "The program needs at least 5 hours per week. We have added you to the waitlist so you can join a later cohort when your schedule allows.",
    not_ready:
      "You told us you are not ready to enroll yet. We have added you to the waitlist and will let you know when the next cohort opens.",
    both: "You can't commit 5 hours per week yet and asked to join the waitlist. You're on it, and we'll check in before the next cohort.",
  } satisfies Record<WaitlistVariant, string>,
  emailNote: "We've also sent this to your inbox.",
  /** In place of emailNote when the address has had its quota of our emails for now. */
  mailLater:
    "This address has had several emails from us in the last hour, so our email will follow later, within 24 hours.",
  mailWithheld:
    "This address has had too many emails from us today, so we won't send another. Please contact support if you need it.",
  cohortFullNotice:
    "The current cohort just filled up. If you had already applied, you're on the waitlist and we've emailed you. If not, apply below and you'll be first in line for the next cohort.",
  home: "Back to Home",
} as const;

export const applyToasts = {
  error: {
    title: "Error",
    description:
      "There was a problem processing your application. Please try again or contact support.",
    durationMs: 5000,
  },
} as const;
