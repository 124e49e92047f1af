import type { EmailContent } from "~/mail/message";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "Tuesday, January 12, 2027" for a calendar date, computed in UTC so no time zone shifts it. */
export function longDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    weekday: "long",
    timeZone: "UTC",
  });
  return `${weekday}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

export const consoleEmails = {
  reviewScheduled: (firstName: string, date: string): EmailContent => ({
    subject: "Your resume review is scheduled",
    greeting: firstName ? `Hi ${firstName},` : "Hi,",
    paragraphs: [
      `Good news: we'll review your resume live on our livestream on ${longDate(date)}.`,
      "Watch live to hear the feedback and ask follow-up questions in the chat. We'll send the stream link on the day.",
    ],
    signOff: "See you there,\nThe From Scratch to Success team",
  }),
};

export const consoleText = {
  nav: {
    dashboard: "Dashboard",
    people: "People",
    resumes: "Resume reviews",
    attribution: "Attribution",
    emails: "Email log",
    cohort: "Cohort settings",
  },
  dashboardTitle: "Dashboard",
  peopleTitle: "People",
  resumesTitle: "Resume reviews",
  attributionTitle: "Attribution",
  emailsTitle: "Email log",
  statusChanged: "Status updated.",
  statusReasonRequired: "Please give a reason for the change.",
  scheduled: "Review scheduled and the person emailed.",
  reviewed: "Marked as reviewed.",
  retried: "The email is back in the queue.",
  erased: "The person's personal data was erased.",
  invalidDate: "Please choose a valid date.",
  notFound: "Not found.",
} as const;
