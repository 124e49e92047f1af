/**
 * The words of a mentor's view of their students' job search (issue 47, item 5): the board
 * (/portal/mentor/board), the "Job search" section of a student's page, one application's page
 * (/portal/mentor/students/:id/applications/:applicationId), and who wrote each history entry.
 * US English.
 */
import type { FlagKind, SortKey } from "./pipeline";

export const boardText = {
  nav: "Job search board",
  title: "Your students' job search",
  intro:
    "Every student at a glance: who is behind on their work or 1-on-1s, where their applications stand, what was sent this week, and what has gone quiet.",
  homeLink: "See all your students' job search",
  none: "You have no students in the current cohort yet.",
  tableLabel: "Your students' job search",
  sortLabel: "Sort by",
  sorts: {
    flags: "Most flags",
    activity: "Quietest",
    week: "Fewest sent this week",
    name: "Name",
  } satisfies Record<SortKey, string>,
  sortedBy: (label: string) => `Sorted by: ${label}`,
  columns: {
    student: "Student",
    progress: "Progress",
    stages: "By stage",
    week: "Sent this week",
    activity: "Last activity",
    flags: "Flags",
  },
  total: (n: number) => `${n} ${n === 1 ? "application" : "applications"}`,
  noActivity: "No activity yet",
  noFlags: "None",
  moreFlags: (n: number) => `and ${n} more on their page`,
} as const;

/** What each flag says about the application it concerns. */
export const flagText: Record<FlagKind, (since: string) => string> = {
  quiet: (since) => `No move since ${since}`,
  deadline: (date) => `Deadline ${date} passed while still on the list`,
  next_step: () => "Interview without a next step",
  follow_up: (date) => `Follow-up due ${date}, no later conversation logged`,
};

/** What a flag names: the application's firm, or the firm and the person met. */
export const flagSubject = (firm: string, person: string | null) =>
  person ? `${firm} (${person})` : firm;

/** This week against the mentor's targets, as the board and the student's page say it. */
export const weekAgainstTargets = {
  applications: (n: number, target: number | null) =>
    target === null ? `${n} sent` : `${n} of ${target} sent`,
  conversations: (n: number, target: number | null) =>
    target === null
      ? `${n} ${n === 1 ? "conversation" : "conversations"}`
      : `${n} of ${target} conversations`,
  noTargets: "no targets set",
};

/** The "Job search" section of the mentor's student page. */
export const studentPipelineText = {
  title: "Job search",
  thisWeekLabel: "This week (Monday to Sunday):",
  lastActivity: (when: string) => `Last activity: ${when}.`,
  noActivity: "No activity yet.",
  flagsHeading: "Gone quiet",
  noFlags: "Nothing has gone quiet.",
  pipelineHeading: "Pipeline",
  pipelineLabel: "Applications by stage",
  stageEmpty: "None.",
  lastMove: (when: string) => `Last move ${when}`,
  empty: "No applications yet.",
} as const;

/** /portal/mentor/students/:id/applications/:applicationId. */
export const mentorApplicationText = {
  back: (name: string) => `Back to ${name}`,
  of: (name: string) => `${name}'s application`,
  moveIntro: "Move it for your student: it shows in their history as by their mentor.",
  noteHeading: "Add a note",
  noteLabel: "Note",
  noteHint: "Your student sees it in the application's history.",
  addNote: "Add note",
  noteAdded: { title: "Note added", description: "Your student sees it in the history." },
  notesFull: (max: number) => `This application has ${max} notes already`,
} as const;

/** Who wrote a history entry, as the student reads it (their own entries say nothing). */
export const studentByline = { you: null, student: null, mentor: "by your mentor" } as const;

/** Who wrote a history entry, as a mentor reads it. */
export const mentorByline = {
  you: "by you",
  student: "by the student",
  mentor: "by a mentor",
} as const;

export const noteEntry = "Note";
