import type { EmailContent } from "~/mail/message";

const signOff = "See you soon,\nThe From Scratch to Success team";

/** The portal's sign-in: the page, its answers and the email with the one-time link. */
export const portalSignIn = {
  title: "Sign in to your cohort",
  intro:
    "Students with a seat and mentors sign in with a one-time link: enter your email and we'll send you one. No password needed.",
  email: "Email",
  send: "Email me a sign-in link",
  sentToast: {
    title: "Check your email",
    description: "If that address has a seat, a sign-in link is on its way",
  },
  invalidEmail: "Please enter a valid email address",
  rateLimited: "Too many sign-in links were asked for. Please wait a few minutes and try again.",
  linkTitle: "Sign in",
  linkIntro: "Press the button to sign in on this device. The link works once.",
  linkButton: "Sign me in",
  linkDeadTitle: "This sign-in link can't be used",
  linkDead: "It has already been used, or it is more than 15 minutes old. Ask for a new one below.",
  askAgain: "Send me a new link",
  signedInToast: { title: "You're signed in", description: "Welcome to your cohort." },
  signOut: "Sign out",
  signedOutToast: { title: "Signed out", description: "See you next time." },
  signOutEverywhere: "Sign out of all devices",
  signedOutEverywhereToast: {
    title: "Signed out everywhere",
    description: "Every phone and computer signed in to your portal is signed out.",
  },
  /** What the email log shows where the one-time link was (it is never stored). */
  linkNotKept: "(one-time link, not kept)",
  forbiddenTitle: "Not available",
  forbidden: "This page isn't part of your portal.",
} as const;

/** The email with a one-time sign-in link. */
export function signInEmail(name: string, url: string): EmailContent {
  return {
    subject: "Your sign-in link: From Scratch to Success",
    preheader: "It works once, for the next 15 minutes.",
    greeting: name ? `Hi ${name},` : "Hi,",
    paragraphs: [
      "Here is your link to sign in to the cohort portal. It works once, for the next 15 minutes.",
      "If you didn't ask for it, ignore this email: nobody can sign in without opening the link.",
    ],
    action: { label: "Sign in to the portal", url },
    signOff,
  };
}

export const portalNav = {
  label: "Portal",
  home: "My cohort",
  profile: "Profile",
  prework: "Week 1 pre-work",
  students: "My students",
  calendar: "Calendar",
} as const;

export const portalMeta = {
  title: "Cohort portal",
  description: "The From Scratch to Success cohort portal for students and mentors.",
} as const;

export const studentHomeText = {
  greeting: (firstName: string) => (firstName ? `Welcome, ${firstName}` : "Welcome"),
  starts: (display: string) =>
    display === "our next cohort"
      ? "Your cohort's start date is being set: we'll email you as soon as it is."
      : `Your cohort starts the week of ${display}.`,
  /** Where the cohort is, once it has started. */
  during: (week: number, of: number) => `Week ${week} of ${of}`,
  ended: (display: string) => `The program ended on ${display}.`,
  mentorTitle: "Your mentor",
  noMentor: "Your mentor is being matched: we'll email you their name as soon as they are.",
} as const;

/** The email a mentor gets when a student is assigned to them (at payment, or moved by the owner). */
export function mentorAssignedEmail(input: {
  mentorName: string;
  studentFirstName: string;
  startDisplay: string;
  url: string;
}): EmailContent {
  const student = input.studentFirstName || "A new student";
  const mentorFirst = input.mentorName.trim().split(/\s+/)[0] ?? "";
  return {
    subject: input.studentFirstName
      ? `A new student for you: ${input.studentFirstName}`
      : "A new student for you",
    preheader: "They are in your list on the portal.",
    greeting: mentorFirst ? `Hi ${mentorFirst},` : "Hi,",
    paragraphs: [
      `${student} has a seat in the cohort and you are their mentor.`,
      input.startDisplay === "our next cohort"
        ? "The cohort's start date isn't set yet: we'll let you know as soon as it is."
        : `The cohort starts the week of ${input.startDisplay}.`,
      "Their profile, application answers and resume are on your portal page as they fill them in. Sign in with your email: no password needed.",
    ],
    action: { label: "See your students", url: input.url },
    signOff,
  };
}
