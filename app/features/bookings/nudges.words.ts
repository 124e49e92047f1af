import type { EmailContent } from "~/mail/message";

/** Words of the programme's nudges (issue 45, item 2): reminders, the mentor's Monday list, reports. */

const signOff = "See you soon,\nThe From Scratch to Success team";

/** Versions named one by one in the Monday list; the rest are counted. */
const WAITING_LISTED = 20;

/** "Waiting for your review (2): Bea Lee, Resume draft (week 2, version 2); ..." */
function waitingParagraph(
  waiting: readonly { student: string; title: string; week: number; version: number }[],
  reviewsUrl: string,
): string {
  if (waiting.length === 0) return "Waiting for your review: nothing.";
  const named = waiting
    .slice(0, WAITING_LISTED)
    .map((w) => `${w.student}, ${w.title} (week ${w.week}, version ${w.version})`)
    .join("; ");
  const more = waiting.length - WAITING_LISTED;
  return `Waiting for your review (${waiting.length}): ${named}${more > 0 ? `; and ${more} more` : ""}. Review them at ${reviewsUrl}`;
}

export const nudgeEmails = {
  /** A student who has not booked this week's 1-on-1 by mid-week. */
  bookOneOnOne: (f: { firstName: string; week: number; url: string }): EmailContent => ({
    subject: `Book your week ${f.week} 1-on-1`,
    greeting: `Hi ${f.firstName},`,
    paragraphs: [
      `You have not booked your 1-on-1 with your mentor for week ${f.week} yet. Pick a time that suits you before the week ends.`,
      "You can turn off program reminders in your profile.",
    ],
    action: { label: "Book your 1-on-1", url: f.url },
    signOff,
  }),
  /**
   * A mentor's Monday list: who has and has not booked this week's 1-on-1, and the versions of
   * their students' work waiting for their review (the first WAITING_LISTED of them named).
   */
  mentorWeek: (f: {
    firstName: string;
    week: number;
    booked: string[];
    notBooked: string[];
    waiting: { student: string; title: string; week: number; version: number }[];
    reviewsUrl: string;
    url: string;
  }): EmailContent => ({
    subject: `Week ${f.week}: your students' 1-on-1s`,
    greeting: `Hi ${f.firstName},`,
    paragraphs: [
      `Booked this week (week ${f.week}): ${f.booked.length > 0 ? f.booked.join(", ") : "nobody yet"}.`,
      `Not booked yet: ${f.notBooked.length > 0 ? f.notBooked.join(", ") : "nobody"}.`,
      "Students who have not booked by mid-week get one reminder from us.",
      waitingParagraph(f.waiting, f.reviewsUrl),
    ],
    action: { label: "Open your mentor page", url: f.url },
    signOff,
  }),
  /** Every group session, the day before, to its students and mentors. */
  sessionTomorrow: (f: {
    firstName: string;
    week: number;
    topic: string;
    when: string;
    url: string;
  }): EmailContent => ({
    subject: `Tomorrow: group session, week ${f.week}`,
    greeting: `Hi ${f.firstName},`,
    paragraphs: [`A reminder: the week ${f.week} group session, "${f.topic}", is at ${f.when}.`],
    action: { label: "Join the session", url: f.url },
    signOff,
  }),
  /** A student reported an interview: to their mentor. */
  interviewReported: (f: {
    firstName: string;
    student: string;
    firm: string;
    role: string;
    date: string;
    url: string;
  }): EmailContent => ({
    subject: `${f.student} has an interview at ${f.firm}`,
    greeting: `Hi ${f.firstName},`,
    paragraphs: [
      `${f.student} reported an interview for ${f.role} at ${f.firm} on ${f.date}. They can book an interview deep-dive with you to prepare.`,
    ],
    action: { label: "Open your mentor page", url: f.url },
    signOff,
  }),
  /** A student reported an offer: to their mentor, at once and again after 3 days while unconfirmed. */
  offerReported: (f: {
    firstName: string;
    student: string;
    firm: string;
    role: string;
    again: boolean;
    url: string;
  }): EmailContent => ({
    subject: `${f.again ? "Still to confirm" : "Please confirm"}: ${f.student}'s offer from ${f.firm}`,
    greeting: `Hi ${f.firstName},`,
    paragraphs: [
      f.again
        ? `${f.student}'s offer for ${f.role} at ${f.firm}, reported 3 days ago, is not confirmed yet. It counts once you confirm it.`
        : `${f.student} reported an offer for ${f.role} at ${f.firm}. It counts once you confirm it.`,
    ],
    action: { label: "Confirm the offer", url: f.url },
    signOff,
  }),
  /** A student submitted a testimonial: to the owner. */
  testimonialSubmitted: (f: { student: string; url: string }): EmailContent => ({
    subject: `New testimonial from ${f.student}`,
    greeting: "Hi,",
    paragraphs: [`${f.student} submitted a testimonial. It shows on the site once you approve it.`],
    action: { label: "Review testimonials", url: f.url },
    signOff,
  }),
} as const;
