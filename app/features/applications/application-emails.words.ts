import type { EmailContent } from "~/mail/message";
import type { Outcome, WaitlistVariant } from "./application-outcome";
import { DEFAULT_COHORT, STUDENTS_PER_MENTOR } from "~/features/cohort/cohort";
import { resourceFormats, resourcePath, type ResourceFileKey } from "~/features/resources/formats";
import { resourceFileTitles, resourceFormatLabels } from "~/features/leads/lead-magnets.words";

const signOff = "Talk soon,\nThe From Scratch to Success team";

export const applicationEmails = {
  /** Seat words from the cohort's capacity (null: unread, the spec's 10), five students a mentor. */
  qualified: (firstName: string, enrollUrl: string, capacity: number | null): EmailContent => ({
    subject: "You're a fit for From Scratch to Success: secure your spot",
    preheader: `Your application was accepted. Seats are limited to ${capacity ?? DEFAULT_COHORT.capacity} per cohort.`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      "Thank you for applying. Your goals, your availability and your readiness make you a strong fit for the program.",
      `Each cohort has only ${capacity ?? DEFAULT_COHORT.capacity} seats, ${STUDENTS_PER_MENTOR} per mentor, and seats go to the first qualified applicants who enroll. To secure yours, review the price breakdown and complete your enrollment.`,
    ],
    action: { label: "Enroll now", url: enrollUrl },
    signOff,
  }),

  /** `siteUrl`: the site's public address, which the free resources' links start with. */
  waitlist: (firstName: string, variant: WaitlistVariant, siteUrl: string): EmailContent => ({
    subject: "You're on the From Scratch to Success waitlist",
    greeting: `Hi ${firstName},`,
    paragraphs: [
      waitlistReasons[variant],
      "We will email you as soon as a seat opens that fits you. Meanwhile, our free resources will help you get started: they are yours to download, no form to fill in.",
    ],
    linkGroups: [
      {
        title: "Free resources to start with now:",
        links: (Object.keys(resourceFormats) as ResourceFileKey[]).map((key) => {
          const format = resourceFormats[key][0];
          return {
            label: `${resourceFileTitles[key]} (${resourceFormatLabels[format].name})`,
            url: `${siteUrl}${resourcePath(key, format)}`,
          };
        }),
      },
      {
        title: "Want feedback on your resume? A mentor reviews it on our livestream, free:",
        links: [{ label: "Get a free resume review", url: `${siteUrl}/resume-review` }],
      },
    ],
    signOff,
  }),

  hasQuestions: (firstName: string): EmailContent => ({
    subject: "We got your questions: we'll reply within 24 hours",
    greeting: `Hi ${firstName},`,
    paragraphs: [
      "Thank you for applying to From Scratch to Success. You told us you have questions before deciding, which is exactly the right thing to do.",
      "A mentor will reply to this email within 24 hours. If your question is already on your mind, just reply with it.",
    ],
    signOff,
  }),

  /** An application's outcome as the owner reads it in the notification. */
  outcomeWords: (outcome: Exclude<Outcome, { kind: "not_suited" }>): string => {
    switch (outcome.kind) {
      case "qualified":
        return "qualified";
      case "has_questions":
        return "has questions before deciding";
      case "waitlist":
        return `waitlist: ${ownerWaitlistWords[outcome.variant]}`;
    }
  },

  ownerNotification: (summary: {
    name: string;
    email: string;
    outcome: string;
    targets: string;
    source: string;
    question: string;
    adminUrl: string;
  }): EmailContent => ({
    subject: `New application: ${summary.name} (${summary.outcome})`,
    greeting: "A new application arrived.",
    paragraphs: [
      ...(summary.question.trim()
        ? [
            `Their question (they were promised a reply within 24 hours):\n> ${summary.question.trim().replace(/\n/g, "\n> ")}`,
          ]
        : []),
      `Name: ${summary.name}`,
      `Email: ${summary.email}`,
      `Outcome: ${summary.outcome}`,
      `Career targets: ${summary.targets}`,
      `Lead source: ${summary.source}`,
    ],
    action: { label: "Open their page", url: summary.adminUrl },
    signOff: "From Scratch to Success website",
  }),
};

/** Why someone is on the waitlist, as the owner reads it (the notification, the console). */
export const ownerWaitlistWords: Record<WaitlistVariant, string> = {
  cohort_full: "the cohort is full",
  cannot_commit: "cannot commit 5 hours a week",
  not_ready: "not ready to enroll",
  both: "cannot commit the time and not ready",
};

const waitlistReasons: Record<WaitlistVariant, string> = {
  cohort_full:
    "Your application is a great fit, but the current cohort is full. You are on the waitlist, and you will be among the first we invite to the next cohort.",
  cannot_commit:
    "The program needs at least 5 hours per week to work, and right now that is more than you can give. You are on the waitlist for a later cohort, when your schedule frees up.",
  not_ready:
    "You told us you are not ready to enroll yet, so we have added you to the waitlist. When you are ready, reply to this email and we will check the next start date for you.",
  both: "You told us you cannot commit 5 hours per week yet and would like to join the waitlist. You are on it, and we will check in before the next cohort starts.",
};
