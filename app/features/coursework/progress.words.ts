/**
 * The words of the progress line (issue 48, item 4) on the student's home, the mentor's board and
 * the owner's cohort page, and of the late-work reminder (item 5). US English.
 */
import type { EmailContent } from "~/mail/message";
import type { BehindReason } from "./progress";

export const progressText = {
  /** The student's home card. */
  title: "Your progress",
  /** The owner's cohort page card and the board's column. */
  cohortTitle: "Progress",
  cohortIntro:
    "Each student's line as of now: this week's assignments, 1-on-1s held of those owed so far (one for each week ended), group sessions attended of those held, and applications sent this week against their mentor's target. A student is behind when an assignment is past its due time with nothing submitted, or when they have held fewer 1-on-1s than they are owed.",
  column: "Progress",
  student: "Student",
  tableLabel: "Each student's progress",
  notBegun: "The line starts when the program does.",
  empty: "No students in this cohort yet.",
  /** The parts of the line. */
  assignmentsWeek: (done: number, given: number) =>
    given === 0
      ? "No assignments this week"
      : `Assignments this week: ${done} of ${given} submitted`,
  assignmentsAll: (done: number, given: number) => `Assignments: ${done} of ${given} submitted`,
  oneOnOnes: (held: number, owed: number) => `1-on-1s held: ${held} of ${owed} owed so far`,
  sessions: (attended: number, held: number) =>
    `Group sessions attended: ${attended} of ${held} held`,
  applications: (sent: number, target: number | null) =>
    target === null
      ? `Applications this week: ${sent} sent (no target set)`
      : `Applications this week: ${sent} of ${target} sent`,
  /** Who is behind, said in words (not by color alone). */
  behind: "Behind",
  onTrack: "On track",
  reasons: {
    late_work: "work past due",
    one_on_ones: "1-on-1s missing",
  } satisfies Record<BehindReason, string>,
  behindWhy: (reasons: readonly string[]) => `Behind: ${reasons.join(", ")}`,
  behindList: (names: readonly string[]) =>
    names.length === 0 ? "Nobody is behind." : `Behind (${names.length}): ${names.join(", ")}.`,
  /** The student's own late work, with when it was due in their zone. */
  lateTitle: "Past due",
  /** After the assignment's title, which links to its week. */
  lateItem: (week: number, when: string) => `(week ${week}), due ${when}`,
  lateHint: "You can still submit it: your mentor reviews late work too.",
} as const;

const signOff = "See you soon,\nThe From Scratch to Success team";

export const lateWorkEmails = {
  /** One per assignment a student has not submitted by its due time. */
  reminder: (f: {
    firstName: string;
    title: string;
    week: number;
    due: string;
    url: string;
  }): EmailContent => ({
    subject: `Still to submit: ${f.title}`,
    greeting: `Hi ${f.firstName},`,
    paragraphs: [
      `"${f.title}" (week ${f.week}) was due ${f.due}, and we have not received it yet. There is still time: send it when you can and your mentor will review it.`,
      "This is the only reminder we send for it. You can turn off program reminders in your profile.",
    ],
    action: { label: `Open week ${f.week}`, url: f.url },
    signOff,
  }),
} as const;
