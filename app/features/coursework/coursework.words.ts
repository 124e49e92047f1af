import type { AssignmentKind, ReviewVerdict, SubmissionStatus } from "./coursework";

/** /portal/weeks/:week: a programme week's material and assignments, as a student reads them. */
export const weekText = {
  title: (week: number, topic: string) => `Week ${week}: ${topic}`,
  navLabel: "Program weeks",
  weekLink: (week: number) => `Week ${week}`,
  notOpen: (opens: string) =>
    `This week opens on ${opens}. Its material and assignments appear here then.`,
  unscheduled: "This week opens once your cohort's start date is set.",
  videoLink: "Watch this week's video",
  filesHeading: "Files for this week",
  assignmentsHeading: "Assignments",
  noAssignments: "Nothing to hand in this week: the material and your 1-on-1 are the work.",
  due: (when: string) => `Due ${when}`,
  kinds: {
    docx: "Hand in a Word file (.docx)",
    link: "Hand in a link",
    text: "Hand in your answer as text",
  } satisfies Record<AssignmentKind, string>,
  status: {
    waiting: "Waiting for your mentor",
    looks_good: "Looks good",
    revise: "Revise and resubmit",
  } satisfies Record<SubmissionStatus, string>,
  notSent: "Not handed in yet",
  late: "Past its due time: hand it in when you can.",
  versionsHeading: "What you handed in",
  version: (n: number, when: string) => `Version ${n}, ${when}`,
  download: (name: string) => `Download ${name}`,
  review: (mentor: string, when: string) => `${mentor || "Your mentor"}, ${when}`,
  reviewFile: (name: string) => `Download the marked-up copy (${name})`,
  verdict: {
    looks_good: "Looks good",
    revise: "Revise",
  } satisfies Record<ReviewVerdict, string>,
  fields: {
    body: "Your answer",
    url: "Link",
    urlHint: "A full https:// link, for example to a shared spreadsheet.",
    file: "Word file (.docx)",
    fileHint: "Up to 5 MB. Each version you send is kept.",
  },
  submit: "Hand in",
  resubmit: "Hand in a new version",
  versionsLeft: (left: number) =>
    left === 1 ? "1 more version allowed." : `${left} more versions allowed.`,
  full: (max: number) => `You have handed in ${max} versions, the most one assignment takes.`,
  saved: (version: number) => ({
    title: "Handed in",
    description:
      version === 1
        ? "Your mentor has it and will review it."
        : `Version ${version} is with your mentor.`,
  }),
  errors: {
    assignment: "This assignment is not open for you",
    body: "Please write your answer",
    url: "Please enter a full https:// link",
    file: "Please choose a .docx file",
  },
} as const;
