/** The owner's view of the portal (issue 34): who mentors whom on the cohort page, and a person's portal state. */

/** "1 of 2 done": a student's onboarding checklist. */
export const checklistWords = (done: number, total: number) => `${done} of ${total} done`;

export const mentoringConsole = {
  title: "Mentors and students",
  intro:
    "Each paid student is assigned at payment to the active mentor with the most free places. Move a student to another mentor below; the mentor who gains them is emailed.",
  noMentor: "No mentor is set up yet: students wait unassigned.",
  setUpMentors: "Set up mentors",
  mentorPlaces: (students: number, capacity: number) =>
    students >= capacity
      ? `${students} of ${capacity} places taken, none free`
      : `${students} of ${capacity} places taken, ${capacity - students} free`,
  inactive: "(deactivated: move their students)",
  noStudents: "No students yet.",
  waitingTitle: "Waiting for a mentor",
  waitingNone: "Nobody is waiting for a mentor.",
  waitingIntro: "Every mentor was full (or none was set up) when these students paid.",
  signedIn: "Signed in",
  notSignedIn: "Not signed in yet",
  moveLabel: (name: string) => `Move ${name} to`,
  move: "Move",
  assign: "Assign",
  choiceFree: (name: string, free: number) =>
    free > 0 ? `${name} (${free} free)` : `${name} (full)`,
  moved: "Student moved. Their new mentor has been emailed.",
  sameMentor: "That student already has this mentor.",
  mentorFull: (name: string, capacity: number) =>
    `${name} has no free place in this cohort (capacity ${capacity}). Raise their capacity on the mentors page, or move one of their students first.`,
  noSuchMentor: "That mentor doesn't exist or has been deactivated.",
  notStudent: "That person has no paid seat in this cohort.",
  studentRequired: "Choose a student to move.",
  mentorRequired: "Choose a mentor.",
} as const;

export const personPortalWords = {
  title: "Portal",
  noSeat: "No paid seat, so no portal.",
  cohort: "Cohort",
  cohortStarts: (display: string) =>
    display === "our next cohort" ? "Start date not set yet" : `Starts the week of ${display}`,
  mentor: "Mentor",
  waiting: "Waiting for a mentor",
  firstSignIn: "First signed in",
  lastSignIn: "Last signed in",
  never: "Not yet",
  checklist: "Checklist",
  items: {
    profile: "Profile complete",
    calendar: "Calendar subscribed",
    prework: "Week 1 pre-work read",
  },
  done: "done",
  notDone: "not done",
  endSessions: "Sign them out everywhere",
  endSessionsHint: "Ends their portal sign-in on every device; they can sign in again by email.",
} as const;
