/**
 * The words of a student's job search (issue 47): /portal/applications, one application's page,
 * and bringing in (and taking out) the tracker spreadsheet. US English.
 */
import type { ApplicationSource, Stage } from "./stages";

export const STAGE_LABELS: Record<Stage, string> = {
  wishlist: "Wishlist",
  applied: "Applied",
  interview: "Interview",
  offer: "Offer",
  accepted: "Accepted",
  declined: "Declined",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  ghosted: "Ghosted",
};

export const SOURCE_LABELS: Record<ApplicationSource, string> = {
  posting: "Job posting",
  referral: "Referral",
  networking: "Networking",
  career_fair: "Career fair",
  other: "Other",
};

/** A stage as people read it: "Interview (round 2)". */
export const stageName = (stage: Stage, round: number | null) =>
  stage === "interview" && round
    ? `${STAGE_LABELS.interview} (round ${round})`
    : STAGE_LABELS[stage];

export const jobSearchText = {
  nav: "Applications",
  title: "Your applications",
  intro:
    "Every application you send, where it stands and what happened when. Your mentor uses it to plan your 1-on-1s.",
  empty: "No applications yet. Add your first one below, or bring in your tracker spreadsheet.",
  count: (n: number, max: number) => `${n} of at most ${max} applications.`,
  boardLabel: "Your applications by stage",
  stageCount: (n: number) => `${n} ${n === 1 ? "application" : "applications"}`,
  stageEmpty: "None yet.",
  deadline: (date: string) => `Deadline ${date}`,
  importLink: "Bring in your tracker spreadsheet",
  exportLink: "Download as a spreadsheet (.xlsx)",
  addHeading: "Add an application",
  add: "Add application",
  added: {
    title: "Application added",
    description: "It is on your board under Wishlist or Applied.",
  },
  fields: {
    firm: "Firm",
    role: "Role",
    track: "Track",
    noTrack: "Not sure yet",
    url: "Link to the posting",
    urlHint: "Starts with https://",
    location: "Location",
    deadline: "Deadline",
    source: "Source",
    contact: "Contact",
    contactHint: "Who you know there, or who referred you.",
    nextStep: "Next step",
    notes: "Notes",
    stage: "Stage",
    applied: "Already applied",
  },
  errors: {
    firm: "Please enter the firm",
    role: "Please enter the role",
    tooLong: (max: number) => `Please keep this under ${max} characters`,
    url: "Please enter a link that starts with https://",
    deadline: "Please enter the deadline as a date",
    track: "Please choose one of the tracks",
    source: "Please choose where the application came from",
    stage: "Please choose a stage",
    round: "Please enter a round after the current one, from 1 to 10",
    notAllowed: "This application cannot move to that stage from where it is",
    moved: "This application was moved meanwhile: look at its stage and try again",
    tooMany: (max: number) => `You can keep at most ${max} applications`,
    notFound: "This application no longer exists",
    noteRequired: "Please write the note",
  },
} as const;

/** /portal/applications/:id: one application, its history, and the forms that change it. */
export const applicationText = {
  back: "Back to your applications",
  current: (stage: string) => `Now: ${stage}`,
  postingLink: "Open the posting",
  moveHeading: "Move it",
  moveTo: "Move to",
  round: "Interview round",
  roundHint: "Only for a move to Interview.",
  note: "Note (optional)",
  noteHint: "A few words for your history, for example who you spoke to.",
  interviewDate: "Interview date",
  interviewDateHint: "For a move to Interview: the day of this round.",
  kind: "Offer kind",
  kindHint: "For a move to Offer.",
  kindNone: "Choose for an offer",
  startDate: "Offer start date (optional)",
  compensation: "Offer compensation (optional)",
  compensationHint: "Only you, your mentor and the program's owner see this.",
  move: "Move",
  moved: (stage: string) => ({ title: "Application moved", description: `Now: ${stage}.` }),
  noMoves: "This application has reached its end: it moves no further.",
  historyHeading: "History",
  historyItem: (from: string | null, to: string) => (from ? `${from} → ${to}` : `Added as ${to}`),
  interviewOn: (date: string) => `Interview on ${date}.`,
  offerWaiting: (kind: string) => `${kind} offer, waiting for your mentor to confirm.`,
  offerConfirmed: (kind: string, when: string) => `${kind} offer, confirmed ${when}.`,
  outcomesLink: "Your interviews and offers",
  editHeading: "Edit details",
  save: "Save details",
  saved: { title: "Details saved", description: "Your application is up to date." },
  deleteHeading: "Delete this application",
  deleteHint: "It goes with its history; this cannot be undone.",
  delete: "Delete application",
  deleted: { title: "Application deleted", description: "It is off your board." },
  holdsOutcomes:
    "This application holds an interview or an offer your program counts, so it stays: move it to Withdrawn instead.",
} as const;

/** /portal/applications/import: the tracker spreadsheet in, with a preview before anything is kept. */
export const importText = {
  title: "Bring in your tracker spreadsheet",
  intro:
    "Upload the application tracker you downloaded from us (an .xlsx file with its own columns). You will see every row before anything is saved; nothing is saved until you confirm, and then all rows are saved or none.",
  uploadHeading: "Upload your tracker",
  file: "Your tracker (.xlsx)",
  fileHint: (mb: number, rows: number) => `At most ${mb} MB and ${rows} rows.`,
  upload: "Show the preview",
  previewHeading: "Preview",
  previewTable: "The rows we read",
  previewCount: (n: number) =>
    `${n} ${n === 1 ? "application" : "applications"} ready to bring in.`,
  skipped: (n: number) => `${n} example ${n === 1 ? "row was" : "rows were"} skipped.`,
  problemsHeading: "Rows we cannot read",
  problemsIntro: "Nothing has been saved. Fix these rows in your spreadsheet and upload it again.",
  columns: { row: "Row", firm: "Firm", role: "Role", stage: "Stage", deadline: "Deadline" },
  confirm: "Bring them in",
  imported: (n: number) => ({
    title: "Spreadsheet brought in",
    description: `${n} ${n === 1 ? "application was" : "applications were"} added to your board.`,
  }),
  problems: {
    missing: "Please choose your tracker spreadsheet (.xlsx)",
    notXlsx: "This is not an Excel workbook (.xlsx) we can read. Save it as .xlsx and try again.",
    tooLarge: (mb: number) => `Please upload a file under ${mb} MB`,
    noSheet: "We could not find the Applications sheet in this workbook",
    columns: (missing: string) => `The sheet has no column named ${missing}`,
    tooManyRows: (max: number) => `The sheet has more than ${max} rows: split it and try again`,
    empty: "The sheet has no applications in it",
    overCap: (room: number) =>
      `You have room for ${room} more ${room === 1 ? "application" : "applications"}: remove some rows and try again`,
    unreadable: "The preview could not be read: please upload the file again",
  },
  /** One message per row it cannot read: "Row 7, Deadline: …". */
  rowProblem: (row: number, column: string, message: string) => `Row ${row}, ${column}: ${message}`,
  unknownStatus: (statuses: string) => `Please use one of these statuses: ${statuses}`,
  notADate: "Please write a date, for example 2026-10-15",
} as const;

/** The note on the history entry an imported application starts with. */
export const IMPORTED_NOTE = "Brought in from your spreadsheet";

/** The "Job search" section of the owner's cohort page (/admin/cohorts/:id). */
export const cohortJobSearchText = {
  title: "Job search",
  intro:
    "The applications of this cohort's paid students, as they track them. An application counts as sent when it first moves to Applied (or straight to Interview or Offer).",
  csv: "Download the applications (CSV)",
  empty: "No applications yet.",
  total: (applications: number, students: number) =>
    `${applications} ${applications === 1 ? "application" : "applications"} from ${students} ${students === 1 ? "student" : "students"}.`,
  stageHeading: "By current stage",
  trackHeading: "By track",
  noTrack: "Not said",
  count: "Applications",
  stage: "Stage",
  track: "Track",
  weeksHeading: "Applications sent per week",
  student: "Student",
  before: "Before",
  week: (n: number) => `Week ${n}`,
  after: "After",
  sent: "Sent",
  tracked: "Tracked",
  timesHeading: "From first application",
  toInterview: "To a first interview",
  toOffer: "To a first offer",
  median: (days: number | null, students: number) =>
    days === null
      ? "No student yet"
      : `Median ${days} ${days === 1 ? "day" : "days"}, over ${students} ${students === 1 ? "student" : "students"}`,
} as const;
