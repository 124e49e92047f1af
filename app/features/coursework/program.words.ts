import type { AssignmentKind } from "./coursework";

/**
 * The words of the owner's program editor (issue 48, item 1): /admin/program, the six weeks, and
 * /admin/program/:week, one week's material and assignments.
 */

export const programValidation = {
  titleRequired: "Please give the week a title",
  materialRequired: "Please write the week's material",
  videoUrl: "Please enter a full https:// link to the video, or leave it empty",
  resource: "Please choose files from the resource library",
  tooManyResources: (max: number) => `Please choose at most ${max} files`,
  assignmentTitleRequired: "Please give the assignment a title",
  instructionsRequired: "Please write what the student should do",
  dueDay: "Please choose the day of the week it is due",
  kind: "Please choose what the student submits",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  assignmentNotFound: "That assignment no longer exists. Refresh the page.",
  full: (max: number) =>
    `A week has at most ${max} assignments. Remove one before you add another.`,
} as const;

export const assignmentKindNames: Record<AssignmentKind, string> = {
  docx: "Word file (.docx)",
  link: "Link",
  text: "Text",
};

export const programConsole = {
  nav: "Program",
  title: "Program",
  intro:
    "The six weeks every cohort works through: each week's material and the assignments mentors review. Edits reach the weeks a cohort has not opened yet. A cohort keeps each week it has opened as it was when it opened, so students never see their past work change.",
  listLabel: "The program's weeks",
  columns: ["Week", "Title", "Assignments", "Last edit"],
  weekNumber: (week: number) => `Week ${week}`,
  assignmentCount: (count: number) => `${count} ${count === 1 ? "assignment" : "assignments"}`,
  weekTitle: (week: number, title: string) => `Week ${week}: ${title}`,
  back: "All weeks",
  lastEdit: (when: string) => `Last edit: ${when}`,
  frozenNote:
    "A cohort that has already opened this week keeps it as it was then; your changes reach cohorts for which it has not opened yet.",

  weekForm: "The week",
  titleLabel: "Title",
  materialLabel: "Material (Markdown)",
  materialHint:
    "## for a heading, **bold**, - for a list, [words](https://…) for a link; a link may also be a path of the site, such as /portal/networking. HTML shows as typed text.",
  videoLabel: "Video link (optional)",
  videoHint: "An https:// link, to YouTube or Vimeo for instance.",
  resourcesLegend: "Downloads from the resource library",
  resourcesHint: "Students of the week see a download link for each file ticked.",
  saveWeek: "Save week",
  weekSaved: (week: number) => `Week ${week} saved.`,
  weekUnchanged: (week: number) => `Week ${week} had no changes to save.`,

  previewTitle: "As students read it",
  previewIntro: "The saved material, rendered as students see it.",
  watchVideo: "Watch the video",
  downloads: "Downloads",

  assignmentsTitle: "Assignments",
  assignmentsIntro: (max: number) =>
    `Each is due at 23:59 on its day of the week, in the site's time zone; students read it in theirs. A week has at most ${max} assignments.`,
  noAssignments: "This week has no assignments yet.",
  assignmentLabel: (title: string) => `Assignment: ${title}`,
  assignmentTitleLabel: "Assignment title",
  instructionsLabel: "Instructions",
  dueDayLabel: "Due on",
  kindLabel: "Students submit",
  saveAssignment: "Save assignment",
  assignmentSaved: (title: string) => `"${title}" saved.`,
  remove: "Remove assignment",
  removeHint:
    "Students no longer see it in weeks still to come. Work already submitted for it is kept, with its reviews.",
  removed: (title: string) => `"${title}" removed.`,
  addTitle: "Add an assignment",
  add: "Add assignment",
  added: (title: string) => `"${title}" added.`,
  full: (max: number) => `This week has ${max} assignments, the most a week can have.`,
} as const;
