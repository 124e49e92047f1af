import type { EmailContent } from "~/mail/message";
import type { ReviewVerdict, SubmissionStatus } from "./coursework";

/**
 * The words of mentors' reviews of their students' work (issue 48, item 3): the queue
 * (/portal/mentor/reviews), one piece of work (/portal/mentor/reviews/:id), the links from the
 * mentor's home, a student's page and a session page, and the email the student gets. US English.
 */

export const VERDICT_LABELS: Record<ReviewVerdict, string> = {
  looks_good: "Looks good",
  revise: "Revise",
};

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  waiting: "Waiting for review",
  looks_good: "Looks good",
  revise: "Revise",
};

export const reviewQueueText = {
  title: "Work to review",
  intro:
    "Your students' work waiting for your review, the longest waiting first. Open one to read every version, leave your comments and a verdict; the student is emailed.",
  zone: (zone: string) => `Times are in your time zone (${zone}).`,
  empty: "Nothing is waiting for your review.",
  tableLabel: "Work waiting for your review",
  columns: ["Student", "Week", "Assignment", "Version", "Sent"],
  week: (week: number) => `Week ${week}`,
  version: (version: number) => `Version ${version}`,
  /** The row's link, as a screen reader names it (the student's name alone repeats). */
  open: (student: string, assignment: string, version: number) =>
    `${student}: ${assignment}, version ${version}`,
  /** The mentor's home: how many versions wait. */
  homeLink: (waiting: number) =>
    waiting === 0
      ? "Work to review: nothing waiting"
      : `Work to review: ${waiting} ${waiting === 1 ? "version waits" : "versions wait"} for you`,
} as const;

export const reviewPageText = {
  title: (student: string, assignment: string) => `${student}: ${assignment}`,
  back: "All work to review",
  student: (name: string) => `Student: ${name}`,
  week: (week: number) => `Week ${week}`,
  instructionsHeading: "Instructions",
  versionsHeading: "Every version",
  versionsIntro: "The newest first. Dates are in your time zone.",
  version: (version: number) => `Version ${version}`,
  reviewing: "the one you are reviewing",
  sent: (when: string) => `Sent ${when}`,
  status: (label: string) => `Status: ${label}`,
  answer: "Their answer",
  link: "Their link",
  download: (name: string) => `Download ${name}`,
  reviewThis: (version: number) => `Review version ${version}`,
  reviewsHeading: "Reviews",
  noReviews: "No review yet.",
  reviewBy: (mentor: string, verdict: string, when: string) => `${mentor}: ${verdict}, ${when}`,
  annotated: (name: string) => `Annotated copy: ${name}`,
  formHeading: (version: number) => `Your review of version ${version}`,
  formIntro:
    "The student reads your comment and verdict in their week's page and gets an email. You may review a version again: the newest review sets its status.",
  comment: "Comment",
  commentHint: (max: number) => `What works, what to change. Up to ${max} characters.`,
  verdict: "Verdict",
  file: "Annotated .docx (optional)",
  fileHint:
    "Your copy with comments or tracked changes; the student can download it. 5 MB at most.",
  save: "Save review",
  saved: (student: string) => ({
    title: "Review saved",
    description: `${student} is emailed.`,
  }),
  errors: {
    comment: "Please write your comment",
    verdict: "Choose Looks good or Revise",
  },
} as const;

/** The links to a student's work from the mentor's student page and a group session's page. */
export const workLinksText = {
  studentHeading: "Coursework",
  studentEmpty: "Nothing submitted yet.",
  weekHeading: (week: number) => `Work of week ${week}`,
  weekEmpty: "None of your students has submitted this week's work yet.",
  item: (week: number, assignment: string, version: number) =>
    `Week ${week}: ${assignment}, version ${version}`,
  itemOf: (student: string, assignment: string, version: number) =>
    `${student}: ${assignment}, version ${version}`,
  detail: (status: string, when: string) => `${status}, sent ${when}`,
} as const;

const signOff = "Keep going,\nThe From Scratch to Success team";

/** To the student, when their mentor reviews a version of their work. */
export const reviewEmail = (f: {
  firstName: string;
  mentor: string;
  assignment: string;
  week: number;
  version: number;
  verdict: ReviewVerdict;
  comment: string;
  annotated: boolean;
  weekUrl: string;
}): EmailContent => ({
  subject:
    f.verdict === "looks_good"
      ? `${f.assignment}: looks good`
      : `${f.assignment}: your mentor asks for a revision`,
  greeting: `Hi ${f.firstName},`,
  paragraphs: [
    `${f.mentor} reviewed version ${f.version} of "${f.assignment}" (week ${f.week}): ${VERDICT_LABELS[f.verdict]}.`,
    `Their comment:\n${f.comment}`,
    ...(f.annotated ? ["They attached an annotated copy: download it from your week's page."] : []),
    f.verdict === "revise"
      ? "Send a new version from your week's page when it is ready; every version is kept."
      : "Nothing more to do on this one.",
  ],
  action: { label: `Open week ${f.week}`, url: f.weekUrl },
  signOff,
});
