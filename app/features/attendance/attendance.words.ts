import type { EmailContent } from "~/mail/message";

/** Words of attendance, 1-on-1 outcomes and recordings (issue 35, item 5). */

export const GROUP_MARK_LABELS = {
  attended: "Attended",
  absent: "Absent",
  excused: "Excused",
  unmarked: "Not marked",
  no_session: "No session",
} as const;

export const ONE_ON_ONE_LABELS = {
  held: "Held",
  student_no_show: "Student no-show",
  mentor_no_show: "Mentor no-show",
  booked: "Booked, not marked",
  none: "Not booked",
} as const;

/** The outcomes a mentor or the owner picks for a 1-on-1 that has started. */
export const OUTCOME_CHOICES = {
  held: "Held",
  student_no_show: "No-show by the student",
  mentor_no_show: "No-show by the mentor",
} as const;

export const attendanceText = {
  sessionTitle: (week: number, topic: string) => `Week ${week}: ${topic}`,
  sessionWhen: (when: string) => `Starts ${when}`,
  cancelledSession: "This session was canceled.",
  notStarted: "You can mark attendance once the session has started.",
  attendanceHeading: "Attendance",
  attendanceIntro: "Mark each student attended, absent or excused, then save.",
  noStudents: "No students to mark for this session.",
  saveAttendance: "Save attendance",
  current: (label: string) => `Now: ${label}`,
  saved: (n: number) => `Attendance saved for ${n} ${n === 1 ? "student" : "students"}`,
  nothingChosen: "Choose attended, absent or excused for at least one student",
  invalidStatus: "Choose attended, absent or excused",
  unknownStudent: "One of those students is not in this session; nothing was saved",
  sessionNotFound: "That session is not one you can mark",
  tooEarly: "This session has not started yet; nothing was saved",
  sessionCancelled: "This session was canceled; nothing was saved",
  recordingHeading: "Recording",
  recordingNotStarted: "You can attach the recording once the session has started.",
  recordingIntro:
    "Attach the recording link (https). The cohort's students get it by email once per link, and see it in their portal.",
  recordingLabel: "Recording link (https)",
  recordingNow: "Current recording:",
  saveRecording: "Save recording link",
  recordingSaved: (emailed: number) =>
    `Recording link saved; ${emailed} ${emailed === 1 ? "student" : "students"} emailed`,
  invalidUrl: "Enter a link starting with https://",
  oneOnOnesHeading: "1-on-1s of this week",
  oneOnOnesEmpty: "No 1-on-1s of this week have started yet.",
  outcomeLegend: (student: string, when: string) => `${student}, ${when}`,
  saveOutcome: "Save",
  outcomeSaved: "1-on-1 marked",
  outcomeNotFound: "That 1-on-1 is not one you can mark",
  outcomeTooEarly: "That 1-on-1 has not started yet; nothing was saved",
  invalidOutcome: "Choose held, a no-show by the student or by the mentor",
  backToCohort: "Back to the cohort",
} as const;

/** /portal/mentor: the 1-on-1s to mark and the group sessions of the mentor's cohort. */
export const mentorAttendanceText = {
  toMarkHeading: "To mark",
  toMarkIntro: "Your 1-on-1s that have started and have no outcome yet.",
  toMarkEmpty: "Nothing to mark.",
  toMarkItem: (student: string, when: string, label: string) => `${student}: ${label}, ${when}`,
  deepDive: "Interview deep-dive",
  oneOnOne: (week: number) => `1-on-1 of week ${week}`,
  sessionsHeading: "Group sessions",
  sessionsIntro: "Mark attendance and attach the recording after each session.",
  sessionsEmpty: "Your cohort's sessions are not planned yet.",
  sessionLink: (week: number, topic: string) => `Week ${week}: ${topic}`,
  recorded: "recording attached",
} as const;

/** The owner's cohort page: the grid of weeks and its CSV. */
export const gridText = {
  title: "Attendance",
  intro:
    "Each student by week: the group session and the 1-on-1. Cells marked “Missing” are a past session not attended or excused, or an ended week without a held 1-on-1.",
  csv: "Download attendance CSV",
  empty: "No paid students in this cohort yet.",
  student: "Student",
  week: (n: number) => `Week ${n}`,
  group: "Group",
  oneOnOne: "1-on-1",
  totals: "Totals",
  totalsCell: (group: number, held: number) => `${group} attended, ${held} held`,
  missing: "Missing",
  /** A CSV field of a missing cell: its stored word, marked. */
  csvMissing: (value: string) => `${value} (missing)`,
  sessionLink: (week: number) => `Week ${week}: attendance and recording`,
  recordingShort: "Recording link (https)",
  attachRecording: "Attach",
} as const;

/** The calendar card's words for a session's recording. */
export const recordingLinkText = {
  watch: "Watch the recording",
} as const;

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : "Hi,");

/** The recording of a group session, to each of the cohort's live students. */
export function recordingEmail(p: {
  firstName: string;
  week: number;
  topic: string;
  url: string;
  portalUrl: string;
}): EmailContent {
  return {
    subject: `Recording of the week ${p.week} group session`,
    greeting: greeting(p.firstName),
    paragraphs: [
      `The recording of the week ${p.week} group session (${p.topic}) is ready: ${p.url}`,
      "You can find it in your portal too, next to the session.",
    ],
    action: { label: "Watch the recording", url: p.url },
    signOff: "See you at the next session,\nThe From Scratch to Success team",
  };
}

/** The session pages' titles. */
export const sessionPageText = {
  mentorTitle: "Group session",
  ownerTitle: "Group session",
  backToMentor: "Back to your students",
} as const;
