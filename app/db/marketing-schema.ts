type SequenceRunStatus = "active" | "done" | "stopped";
export type BroadcastStatus = "scheduled" | "queueing" | "queued";

/** Each consent to marketing mail as given: when, on which form, and the words shown. */
export interface ConsentsTable {
  id: string;
  person_id: string;
  given_at: string;
  source: string;
  wording: string;
  mode: "opt-in" | "notice";
}

/** A person's place in the nurture sequence of one free resource. */
export interface SequenceRunsTable {
  person_id: string;
  sequence: string;
  /** How many of the sequence's emails were queued so far. */
  step: number;
  status: SequenceRunStatus;
  next_at: string | null;
  started_at: string;
  ended_at: string | null;
  end_reason: string | null;
}

/** Sequences the owner paused (a missing row is a running sequence). */
export interface SequenceSettingsTable {
  sequence: string;
  paused: number;
  updated_at: string;
}

/**
 * The owner's subject and body for one nurture email (`step` 1-based), sent over the copy in
 * app/features/marketing/nurture.words.ts; deleting the row resets the email to that copy.
 */
export interface SequenceStepCopyTable {
  sequence: string;
  step: number;
  /** At most MAX_STEP_SUBJECT characters (app/features/marketing/sequence-copy.ts). */
  subject: string;
  /** Plain paragraphs, a blank line between two; at most MAX_STEP_BODY characters. */
  body: string;
  /** The owner's email address. */
  updated_by: string;
  updated_at: string;
}

/** An email to an audience, queued by the worker in batches once `send_at` comes. */
export interface BroadcastsTable {
  id: string;
  /** The form's one-time key: a double click or a retried post creates one broadcast. */
  request_key: string;
  subject: string;
  body: string;
  category: "tips" | "news";
  audience: string;
  status: BroadcastStatus;
  send_at: string;
  /** The lease of the worker queueing it. */
  locked_until: string | null;
  queued_count: number;
  queued_at: string | null;
  created_by: string;
  created_at: string;
}
