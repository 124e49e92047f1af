import type { Generated } from "kysely";

/**
 * The programme's record (issues 35 and 36): attendance, interviews and offers, leaving the
 * programme, the end survey, testimonials and the outcome settings. Instants are UTC ISO strings;
 * dates are YYYY-MM-DD in the site's zone.
 */

export type AttendanceStatus = "attended" | "absent" | "excused";

/** One student's attendance at one group session, marked by a mentor or the owner. */
export interface AttendanceTable {
  session_id: string;
  person_id: string;
  status: AttendanceStatus;
  /** "mentor" or "owner", and the mentor's or admin user's id. */
  marked_by: string;
  marked_by_id: string;
  marked_at: string;
}

/**
 * The application and the move that wrote an interview or an offer (decision 0063): every row is
 * written by a move of the student's application (to Interview, to Offer) and goes with it. Every
 * row has both; the database columns are nullable only because SQLite adds NOT NULL to an existing
 * column by rebuilding its table (the migration outcomes-from-applications linked the old rows).
 */
interface FromApplication {
  application_id: string;
  move_id: string;
}

/** An interview (one round) of a student's application; unlocks one deep-dive per programme. */
export interface InterviewsTable extends FromApplication {
  id: string;
  person_id: string;
  cohort_id: string;
  firm: string;
  role: string;
  interview_date: string;
  created_at: string;
  updated_at: string;
}

type OfferKind = "internship" | "full_time";

/** An offer of a student's application; it counts only once their mentor (or the owner) confirms it. */
export interface OffersTable extends FromApplication {
  id: string;
  person_id: string;
  cohort_id: string;
  firm: string;
  role: string;
  /** One of the application's finance tracks, or "other". */
  track: string;
  kind: OfferKind;
  start_date: string | null;
  /** Free text as the student wrote it; never shown to other students. */
  compensation: string | null;
  reported_at: string;
  confirmed_at: string | null;
  /** "mentor" or "owner", and the mentor's or admin user's id. */
  confirmed_by: string | null;
  confirmed_by_id: string | null;
}

type WithdrawalKind = "leave" | "promise";
type WithdrawalStatus = "requested" | "approved" | "declined";

/** A student's request to leave the programme (or to claim the 30-day promise). */
export interface WithdrawalsTable {
  id: string;
  person_id: string;
  cohort_id: string;
  payment_id: string;
  kind: WithdrawalKind;
  reason: string;
  /** The refund rule that applied when the request was made (app/features/withdrawals/refund-rule.ts). */
  rule: string;
  status: Generated<WithdrawalStatus>;
  requested_at: string;
  decided_at: string | null;
  decided_by_id: string | null;
  decision_note: string | null;
  refund_cents: number | null;
}

/** The end-of-programme survey of one student in one cohort: sent, reminded, answered. */
export interface SurveysTable {
  id: string;
  person_id: string;
  cohort_id: string;
  /** The student's mentor when the survey went out (for NPS per mentor). */
  mentor_id: string | null;
  sent_at: string;
  reminded_at: string | null;
  answered_at: string | null;
  /** How likely to recommend, 0-10. */
  score: number | null;
  helped: string | null;
  change: string | null;
}

export type TestimonialConsent = "full" | "first_name";
export type TestimonialStatus = "requested" | "submitted" | "approved" | "hidden";

/** A student's testimonial, asked for once when their first offer is confirmed. */
export interface TestimonialsTable {
  id: string;
  person_id: string;
  offer_id: string;
  status: Generated<TestimonialStatus>;
  /** As the student wrote it, and as the owner publishes it (typos fixed). */
  quote: string | null;
  published_quote: string | null;
  /** What may be published: name, firm and photo, or first name and firm. */
  consent: TestimonialConsent | null;
  /** The consent's words as the student saw them, and when they agreed. */
  consent_words: string | null;
  consent_at: string | null;
  consent_withdrawn_at: string | null;
  photo_upload_id: string | null;
  /** The student's stars for the program, 1 to 5; null when they gave none. */
  rating: number | null;
  position: Generated<number>;
  asked_at: string;
  submitted_at: string | null;
  approved_at: string | null;
  updated_at: string;
}

/** The owner's outcome settings: one row, id "programme". */
export interface OutcomeSettingsTable {
  id: string;
  /** Graduation: at least this many of the six group sessions attended and 1-on-1s held. */
  min_group_sessions: Generated<number>;
  min_one_on_ones: Generated<number>;
  /** Graduation: at least this many assignments submitted (a version each); 0 leaves them out. */
  min_assignments: Generated<number>;
  /** Whether the home page's headline shows the count of confirmed offers. */
  show_offer_count: Generated<number>;
  updated_at: string;
}
