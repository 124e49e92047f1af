import type { ApplicationSource, Stage } from "~/features/job-search/stages";
import type { ConversationKind } from "~/features/job-search/networking";

/**
 * A student's job search (issue 47, decision 0061): the applications they send and the dated
 * history of each one's stages. Instants are UTC ISO strings; a deadline is a calendar date.
 */

/** One application of a student: what they applied for and where. */
export interface JobApplicationsTable {
  id: string;
  person_id: string;
  firm: string;
  role: string;
  /** One of the programme's finance tracks (PROFILE_TRACKS), or null when not said. */
  track: string | null;
  /** The posting, https only. */
  url: string | null;
  location: string | null;
  /** YYYY-MM-DD. */
  deadline: string | null;
  source: ApplicationSource;
  contact: string | null;
  next_step: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Its first move to Applied, to Interview and to Offer (UTC instants), null until it made one:
   * kept by every writer of its moves from the history (first-dates.ts, decision 0068), so the
   * owner's report counts applications without grouping their moves.
   */
  first_applied_at: string | null;
  first_interview_at: string | null;
  first_offer_at: string | null;
}

/**
 * One move of an application: from a stage (null for its first entry) to a stage, when, by whom,
 * with a short note. Exactly one entry per application is current (`is_current` = 1): a partial
 * unique index refuses a second, so the current stage can never be two.
 */
export interface JobApplicationMovesTable {
  id: string;
  application_id: string;
  at: string;
  from_stage: Stage | null;
  to_stage: Stage;
  /** The interview round, for a move to Interview; null otherwise. */
  round: number | null;
  note: string | null;
  /** "student" or "mentor" (a move the mentor made for their student) and their id. */
  by_role: string;
  by_id: string;
  /** 1 for the application's current stage, 0 for its history. */
  is_current: number;
}

/**
 * A student's weekly targets, set by their mentor (issue 47, item 4): applications to send and
 * networking conversations to have each week, 0 to 50 each. One row per student; none: not set.
 */
export interface JobSearchTargetsTable {
  person_id: string;
  applications_per_week: number;
  conversations_per_week: number;
  /** "mentor" and their mentor id. */
  set_by_role: string;
  set_by_id: string;
  updated_at: string;
}

/** One networking conversation a student logged: with whom, at which firm, when and how. */
export interface NetworkingConversationsTable {
  id: string;
  person_id: string;
  person_name: string;
  firm: string;
  /** YYYY-MM-DD, the day it happened. */
  date: string;
  how: ConversationKind;
  /** YYYY-MM-DD, the day the student means to follow up; null when none. */
  follow_up: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A note on an application that is not a move: a mentor's word on their student's application,
 * shown in its history (decision 0065). Deleted with the application.
 */
export interface JobApplicationNotesTable {
  id: string;
  application_id: string;
  at: string;
  body: string;
  /** "mentor" (the only author so far) and their id. */
  by_role: string;
  by_id: string;
}
