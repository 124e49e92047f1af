import type { PersonStatus } from "~/features/applications/application-outcome";
import type { MailCategory, MarketingStatus } from "~/features/marketing/marketing";
import type {
  AnalyticsArrivalsTable,
  AnalyticsDaysTable,
  AnalyticsPagesTable,
  PageViewsTable,
  PersonArrivalsTable,
  VisitorsTable,
} from "./analytics-schema";
import type { AdminUsersTable, AuditLogTable, SessionsTable } from "./admin-schema";
import type {
  AssignmentsTable,
  CohortWeeksTable,
  CourseworkFilesTable,
  CourseworkSubmissionsTable,
  ProgramWeeksTable,
  SubmissionReviewsTable,
} from "./coursework-schema";
import type {
  AvailabilityOverridesTable,
  BookingsTable,
  MentorAvailabilityTable,
} from "./booking-schema";
import type {
  MentorsTable,
  PortalLinksTable,
  PortalSessionsTable,
  StudentProfilesTable,
} from "./portal-schema";
import type { CalendarFeedsTable, GroupSessionsTable } from "./calendar-schema";
import type { PromoCodesTable, ReferralCreditsTable, ReferralSettingsTable } from "./money-schema";
import type { BusinessDetailsTable, PaymentBillingTable } from "./receipts-schema";
import type {
  PaymentPlanSettingsTable,
  PaymentPlansTable,
  PlanInstalmentsTable,
} from "./plan-schema";
import type {
  JobApplicationMovesTable,
  JobApplicationsTable,
  JobSearchTargetsTable,
  NetworkingConversationsTable,
  JobApplicationNotesTable,
} from "./job-search-schema";
import type {
  AttendanceTable,
  InterviewsTable,
  OffersTable,
  OutcomeSettingsTable,
  SurveysTable,
  TestimonialsTable,
  WithdrawalsTable,
} from "./programme-schema";
import type {
  BroadcastsTable,
  ConsentsTable,
  SequenceRunsTable,
  SequenceSettingsTable,
  SequenceStepCopyTable,
} from "./marketing-schema";

export type { MailCategory };

/** The states a row moves through; the database stores them as text. */
export type SeatHoldStatus = "held" | "paid" | "expired" | "released" | "refunded";
/** A checkout the buyer opened, or a seat offered to the next person in a cohort's queue. */
type SeatHoldKind = "checkout" | "offer";
export type PaymentStatus = "paid" | "refund_needed" | "refunded";
/** A place in a cohort's seat queue: waiting, offered a seat, or out of the queue (and why). */
export type QueueStatus = "waiting" | "offered" | "enrolled" | "expired" | "declined" | "removed";
/**
 * `suppressed`: mail the worker did not send because the person may no longer get it (marketing),
 * or because an email rendered at send no longer applied (decision 0040).
 */
export type OutboxStatus = "pending" | "sent" | "failed" | "suppressed";
export type SubmissionType = "application" | "lead_magnet";
/**
 * `profile`: a student's current resume in their portal profile; `photo`: a testimonial's photo.
 * Neither is ever in the review queue.
 */
export type ReviewStatus = "waiting" | "scheduled" | "reviewed" | "profile" | "photo";

import type { Generated } from "kysely";

/** Timestamps are ISO-8601 UTC strings and calendar dates are YYYY-MM-DD in both engines. */
export interface PeopleTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  university: string;
  graduation_year: string;
  status: PersonStatus;
  lead_source: string;
  tags: string;
  lead_magnets: string;
  first_touch: string | null;
  last_touch: string | null;
  last_lead_magnet_type: string | null;
  last_lead_magnet_at: string | null;
  /** Who may get marketing mail (app/features/marketing/marketing.ts), and since when. */
  marketing: Generated<MarketingStatus>;
  marketing_changed_at: string | null;
  /** Random, per person: the key of their unsubscribe link. */
  unsubscribe_token: string;
  /** Set when a mail server refused the address for good (a 5xx); no marketing goes to it. */
  undeliverable_at: string | null;
  undeliverable_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** A private note on a person by the owner (or a mentor): text, bounded, never shown to them. */
interface PersonNotesTable {
  id: string;
  person_id: string;
  /** The account's email. */
  author: string;
  body: string;
  /** owner: never shown to a mentor; mentor: shown to the student's mentors and the owner. */
  author_role: Generated<"owner" | "mentor">;
  created_at: string;
}

interface StatusHistoryTable {
  id: Generated<number>;
  person_id: string;
  status: PersonStatus;
  reason: string;
  at: string;
}

interface SubmissionsTable {
  id: string;
  person_id: string;
  type: SubmissionType;
  form_data: string;
  status: string;
  source: string;
  utm: string;
  email: string;
  visitor_id: string;
  fingerprint: string;
  created_at: string;
}

/** One cohort of the series; exactly one is current (the one the public pages sell). */
export interface CohortsTable {
  id: string;
  start_date: string | null;
  capacity: number;
  enrolled_count: number;
  is_active: number;
  is_current: number;
  /** The earliest graduation year the forms accept; null means the current year. */
  earliest_graduation_year: number | null;
  /** The weekly group session: ISO weekday (1 Monday .. 7 Sunday), HH:MM and minutes, site zone. */
  session_weekday: Generated<number>;
  session_time: Generated<string>;
  session_minutes: Generated<number>;
  /** The cohort's live link (https), one for all its group sessions; null until set. */
  live_url: string | null;
  created_at: string;
  updated_at: string;
}

interface SeatHoldsTable {
  id: string;
  cohort_id: string;
  kind: SeatHoldKind;
  /** SHA-256 of the offer link's token (offers only); the token itself is only in the email. */
  offer_token_hash: string | null;
  person_id: string | null;
  visitor_id: string | null;
  email: string | null;
  status: SeatHoldStatus;
  provider: string;
  session_id: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
  /** The promo code this checkout uses (one of its uses is reserved while the hold is live). */
  promo_code_id: string | null;
  /** What this checkout charges, after the code (null on holds before 2026-12-13: the list price). */
  amount_cents: number | null;
  /** The payment plan this checkout chose: how many payments and the surcharge (null: in full). */
  plan_payments: number | null;
  plan_surcharge_cents: number | null;
}

interface PaymentsTable {
  id: string;
  cohort_id: string;
  hold_id: string;
  person_id: string | null;
  provider: string;
  session_id: string;
  email: string;
  amount_cents: number;
  status: PaymentStatus;
  refund_reason: string | null;
  refunded_at: string | null;
  created_at: string;
  /** The person's last tagged visit when they paid (JSON tags); null before 2026-11-30. */
  last_touch: string | null;
  /** The mentor this paid seat is assigned to (null: waiting for one). */
  mentor_id: string | null;
  /** The code used, and the code as it read (kept for the money page if the code goes). */
  promo_code_id: string | null;
  promo_code: string | null;
  /** What the code took off the list price; `amount_cents` is what was charged. */
  discount_cents: Generated<number>;
  /**
   * The tax Stripe Tax calculated, included in amount_cents (STRIPE_AUTOMATIC_TAX); null when no
   * tax was calculated. Written by the Stripe webhook (app/features/receipts/stripe-tax.server.ts).
   */
  tax_cents: Generated<number | null>;
}

/** The seat queue of a cohort: qualified applicants who found it full, in the order they came. */
interface WaitlistEntriesTable {
  id: string;
  cohort_id: string;
  person_id: string;
  /** Lower goes first; the owner's "move up" swaps positions. */
  position: number;
  status: QueueStatus;
  hold_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Emails that go out at most once per key (a reminder per person and cohort, for example). */
interface SentOnceTable {
  key: string;
  at: string;
}

interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface OutboxTable {
  id: string;
  kind: string;
  person_id: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  category: Generated<MailCategory>;
  /** An iCalendar invite sent with the email (METHOD line included), or null. */
  calendar: string | null;
  broadcast_id: string | null;
  /** Unique when set: the same logical email is queued once (one per broadcast and person). */
  dedupe_key: string | null;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  send_after: string;
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface UploadsTable {
  id: string;
  person_id: string;
  submission_id: string | null;
  name: string;
  full_path: string;
  content_type: string;
  size: number;
  sha256: string;
  data: Uint8Array;
  review_status: ReviewStatus;
  scheduled_for: string | null;
  invite_sequence: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface DownloadsTable {
  token: string;
  person_id: string;
  resource: string;
  created_at: string;
  first_downloaded_at: string | null;
}

/** A periodic job (app/jobs): its lease, when it is next due and its last run. */
interface JobsTable {
  name: string;
  due_at: string;
  /** Set while an instance runs it; a lapsed lease (a crash) lets another take it. */
  lease_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_ms: number | null;
  /** The last successful run's summary as JSON (bounded). */
  last_result: string | null;
  /** The last run's error, when it failed (bounded); cleared by the next success. */
  last_error: string | null;
}

export interface Database {
  people: PeopleTable;
  status_history: StatusHistoryTable;
  person_notes: PersonNotesTable;
  submissions: SubmissionsTable;
  cohorts: CohortsTable;
  seat_holds: SeatHoldsTable;
  payments: PaymentsTable;
  promo_codes: PromoCodesTable;
  referral_settings: ReferralSettingsTable;
  referral_credits: ReferralCreditsTable;
  payment_plan_settings: PaymentPlanSettingsTable;
  payment_plans: PaymentPlansTable;
  plan_instalments: PlanInstalmentsTable;
  webhook_events: WebhookEventsTable;
  outbox: OutboxTable;
  uploads: UploadsTable;
  downloads: DownloadsTable;
  admin_users: AdminUsersTable;
  mentors: MentorsTable;
  portal_links: PortalLinksTable;
  portal_sessions: PortalSessionsTable;
  student_profiles: StudentProfilesTable;
  group_sessions: GroupSessionsTable;
  calendar_feeds: CalendarFeedsTable;
  mentor_availability: MentorAvailabilityTable;
  availability_overrides: AvailabilityOverridesTable;
  bookings: BookingsTable;
  attendance: AttendanceTable;
  interviews: InterviewsTable;
  offers: OffersTable;
  job_applications: JobApplicationsTable;
  job_application_moves: JobApplicationMovesTable;
  job_search_targets: JobSearchTargetsTable;
  networking_conversations: NetworkingConversationsTable;
  job_application_notes: JobApplicationNotesTable;
  program_weeks: ProgramWeeksTable;
  assignments: AssignmentsTable;
  cohort_weeks: CohortWeeksTable;
  coursework_files: CourseworkFilesTable;
  coursework_submissions: CourseworkSubmissionsTable;
  submission_reviews: SubmissionReviewsTable;
  withdrawals: WithdrawalsTable;
  surveys: SurveysTable;
  testimonials: TestimonialsTable;
  outcome_settings: OutcomeSettingsTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  waitlist_entries: WaitlistEntriesTable;
  sent_once: SentOnceTable;
  consents: ConsentsTable;
  sequence_runs: SequenceRunsTable;
  sequence_settings: SequenceSettingsTable;
  sequence_step_copy: SequenceStepCopyTable;
  broadcasts: BroadcastsTable;
  page_views: PageViewsTable;
  visitors: VisitorsTable;
  person_arrivals: PersonArrivalsTable;
  analytics_days: AnalyticsDaysTable;
  analytics_pages: AnalyticsPagesTable;
  analytics_arrivals: AnalyticsArrivalsTable;
  business_details: BusinessDetailsTable;
  payment_billing: PaymentBillingTable;
}
