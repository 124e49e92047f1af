import type {
  AssignmentKind,
  ReviewVerdict,
  SubmissionStatus,
} from "~/features/coursework/coursework";

/**
 * Each week's work (issue 48, decision 0067): the owner's material and assignments for weeks 1-6,
 * what a started cohort was given for each week that has opened, students' submissions (every
 * version kept) and mentors' reviews. Instants are UTC ISO strings.
 */

/** One week's material as the owner wrote it: Markdown, an optional video and resource links. */
export interface ProgramWeeksTable {
  week: number;
  title: string;
  /** Markdown, rendered with raw HTML off. */
  material: string;
  /** https only. */
  video_url: string | null;
  /** JSON array of resource-library slugs offered as downloads. */
  resources: string;
  updated_at: string;
}

/** An assignment of a week: what to do, by which day of the week, and what a submission is. */
export interface AssignmentsTable {
  id: string;
  week: number;
  position: number;
  title: string;
  instructions: string;
  /** 1 (Monday) to 7 (Sunday) of the programme week, due at 23:59 in the site's zone. */
  due_day: number;
  kind: AssignmentKind;
  /** Set when the owner removed it: kept for the submissions that point at it. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * What a cohort's students were given for a week, frozen when the week opened (JSON of the week
 * and its assignments), so later edits apply to current and future weeks only.
 */
export interface CohortWeeksTable {
  cohort_id: string;
  week: number;
  content: string;
  taken_at: string;
}

/** One version of a student's work on an assignment. */
export interface CourseworkSubmissionsTable {
  id: string;
  assignment_id: string;
  person_id: string;
  cohort_id: string;
  version: number;
  /** The text answer (kind "text"). */
  body: string | null;
  /** The link (kind "link"), https only. */
  url: string | null;
  /** The file (kind "docx"). */
  file_id: string | null;
  status: SubmissionStatus;
  created_at: string;
}

/** A stored .docx, checked by content: a submission's file or a mentor's annotated copy. */
export interface CourseworkFilesTable {
  id: string;
  person_id: string;
  name: string;
  size: number;
  sha256: string;
  data: Uint8Array;
  created_at: string;
}

/** A mentor's review of one version: a verdict, a comment and, optionally, an annotated file. */
export interface SubmissionReviewsTable {
  id: string;
  submission_id: string;
  mentor_id: string;
  verdict: ReviewVerdict;
  comment: string;
  file_id: string | null;
  created_at: string;
}
