import { ADMIN_LOGIN_PATH } from "../../app/features/accounts/paths";
import { GUARD_WITHDRAWAL } from "./admin";

/**
 * Every /admin route, for the tests (app/features/accounts/routes/access.db.test.ts) that prove no admin data or change
 * is reachable without an admin session. A test fails while a route in app/routes.ts under /admin
 * is missing here. Give pages with an action the submissions that would change something if an
 * admin sent them (read-only pages: an empty list).
 */
export interface AdminRoute {
  path: string;
  // Route modules are typed by React Router per file; the guard tests only call these two.
  load: () => Promise<{
    loader?: (args: never) => unknown;
    action?: (args: never) => unknown;
  }>;
  /** Route params for a dynamic path (e.g. { id } for /admin/people/:id). */
  params?: Record<string, string>;
  /** Form posts an admin could make on the page; each must change the database when allowed. */
  submissions: Record<string, string>[];
}

/** Records the guard test seeds, so pages about one person, upload or email have something to show. */
export const GUARD_FIXTURE_IDS = {
  person: "guard-person",
  upload: "guard-upload",
  email: "guard-email",
  cohort: "guard-cohort",
  nextCohort: "guard-next-cohort",
  queueEntry: "guard-queue-entry",
  mentor: "guard-mentor",
  session: "guard-session",
  /** The person's payment (seedGuardFixtures writes it). */
  payment: "guard-payment",
} as const;

const ids = GUARD_FIXTURE_IDS;

/** A page with nothing to post; `id` fills the `:id` of a dynamic path. */
function readOnly(path: string, load: AdminRoute["load"], id?: string): AdminRoute {
  return { path, load, params: id === undefined ? undefined : { id }, submissions: [] };
}

export const ADMIN_ROUTES: AdminRoute[] = [
  {
    path: "/admin/cohorts/:id/sessions/:session",
    load: () => import("~/features/attendance/routes/cohort-session"),
    params: { id: ids.cohort, session: ids.session },
    submissions: [{ intent: "recording", url: "https://video.example.com/guard" }],
  },
  readOnly(
    "/admin/cohorts/:id/attendance.csv",
    () => import("~/features/attendance/routes/cohort-attendance-csv"),
    ids.cohort,
  ),
  // First: the cohort settings below close enrollment (no seat to offer), and /admin/cohorts
  // makes another cohort current (the queue entry moves to a new row).
  {
    path: "/admin/cohorts/:id",
    load: () => import("~/features/cohort/routes/cohort"),
    params: { id: ids.cohort },
    submissions: [
      { intent: "offer", id: ids.queueEntry },
      { intent: "remove", id: ids.queueEntry },
      { intent: "move_mentor", student: ids.person, mentor: ids.mentor },
    ],
  },
  {
    path: ADMIN_LOGIN_PATH,
    load: () => import("~/features/cohort/routes/cohort-settings"),
    submissions: [
      { intent: "save", startDate: "2031-03-05", capacity: "3", isActive: "off" },
      { intent: "save", capacity: "7" },
    ],
  },
  {
    path: "/admin/payment-plan",
    load: () => import("~/features/payment-plans/routes/plan-settings"),
    submissions: [{ intent: "save", enabled: "on", payments: "4", surcharge: "10" }],
  },
  readOnly("/admin", () => import("~/features/analytics/routes/dashboard")),
  readOnly("/admin/people", () => import("~/features/people/routes/people")),
  readOnly("/admin/people.csv", () => import("~/features/people/routes/people-csv")),
  readOnly(
    "/admin/people/:id/export",
    () => import("~/features/people/routes/person-export"),
    ids.person,
  ),
  {
    path: "/admin/resumes",
    load: () => import("~/features/resume-reviews/routes/resumes"),
    submissions: [
      { intent: "schedule", id: ids.upload, date: "2099-01-12" },
      { intent: "reviewed", id: ids.upload },
    ],
  },
  readOnly("/admin/uploads/:id", () => import("~/features/uploads/routes/upload"), ids.upload),
  readOnly("/admin/attribution", () => import("~/features/analytics/routes/attribution")),
  readOnly("/admin/funnel", () => import("~/features/analytics/routes/funnel")),
  readOnly("/admin/funnel.csv", () => import("~/features/analytics/routes/funnel-csv")),
  {
    path: "/admin/outcomes",
    load: () => import("~/features/outcomes/routes/outcomes"),
    submissions: [
      { intent: "settings", minGroupSessions: "3", minOneOnOnes: "5", minAssignments: "0" },
    ],
  },
  readOnly("/admin/outcomes.csv", () => import("~/features/outcomes/routes/outcomes-csv")),
  readOnly("/admin/jobs", () => import("~/features/ops/routes/jobs")),
  readOnly("/admin/money", () => import("~/features/money/routes/money")),
  readOnly("/admin/money.csv", () => import("~/features/money/routes/money-csv")),
  {
    path: "/admin/emails",
    load: () => import("~/features/ops/routes/emails"),
    submissions: [{ id: ids.email }],
  },
  readOnly("/admin/emails/:id", () => import("~/features/ops/routes/email"), ids.email),
  readOnly(
    "/admin/cohorts/:id/roster.csv",
    () => import("~/features/cohort/routes/cohort-roster-csv"),
    ids.cohort,
  ),
  readOnly(
    "/admin/cohorts/:id/applications.csv",
    () => import("~/features/job-search/routes/cohort-applications-csv"),
    ids.cohort,
  ),
  readOnly(
    "/admin/cohorts/:id/survey",
    () => import("~/features/surveys/routes/cohort-survey"),
    ids.cohort,
  ),
  {
    path: "/admin/cohorts",
    load: () => import("~/features/cohort/routes/cohorts"),
    submissions: [
      { intent: "create", startDate: "2031-09-07", capacity: "12" },
      { intent: "make_current", id: ids.nextCohort },
    ],
  },
  {
    path: "/admin/broadcasts",
    load: () => import("~/features/marketing/routes/broadcasts"),
    submissions: [
      {
        intent: "send",
        confirm: "yes",
        requestKey: "guard-test-request-key",
        category: "news",
        subject: "Guard",
        body: "Guard test",
      },
      {
        intent: "test",
        requestKey: "guard-test-request-key-2",
        category: "news",
        subject: "Guard",
        body: "Guard test",
      },
    ],
  },
  {
    path: "/admin/codes",
    load: () => import("~/features/discounts/routes/codes"),
    submissions: [
      { intent: "create", kind: "percent", percent: "10" },
      { intent: "referrals", friendDiscount: "50", referrerReward: "25" },
    ],
  },
  {
    path: "/admin/mentors",
    load: () => import("~/features/mentors/routes/mentors"),
    submissions: [
      { intent: "invite", email: "guard.new.mentor@example.com", name: "Guard", capacity: "5" },
      { intent: "edit", id: ids.mentor, name: "Guard Mentor", bio: "Edited.", capacity: "4" },
      { intent: "deactivate", id: ids.mentor },
      { intent: "reactivate", id: ids.mentor },
      { intent: "place", id: ids.mentor, place: "https://meet.example.com/guard" },
    ],
  },
  {
    // The testimonials themselves: app/features/outcomes/testimonials.db.test.ts.
    path: "/admin/testimonials",
    load: () => import("~/features/outcomes/routes/testimonials"),
    submissions: [{ intent: "settings", showOfferCount: "on" }],
  },
  {
    path: "/admin/sequences",
    load: () => import("~/features/marketing/routes/sequences"),
    submissions: [{ intent: "pause", sequence: "resume" }],
  },
  {
    path: "/admin/sequences/:sequence/:step",
    load: () => import("~/features/marketing/routes/sequence-step"),
    params: { sequence: "resume", step: "1" },
    // In this order: the reset removes the words the edit stored.
    submissions: [
      { intent: "save", subject: "Guard subject", body: "Guard test." },
      { intent: "reset" },
    ],
  },
  readOnly("/admin/program", () => import("~/features/coursework/routes/program")),
  {
    path: "/admin/program/:week",
    load: () => import("~/features/coursework/routes/program-week"),
    params: { week: "2" },
    // In this order: the edit and the removal act on one of the six weeks' shipped assignments.
    submissions: [
      {
        intent: "week",
        title: "Guard week",
        material: "Guard material.",
        videoUrl: "https://video.example.com/guard",
        resources: "resume-template",
      },
      {
        intent: "add",
        title: "Guard assignment",
        instructions: "Guard.",
        dueDay: "3",
        kind: "text",
      },
      {
        intent: "edit",
        id: "w2-resume",
        title: "Guard edit",
        instructions: "Guard.",
        dueDay: "4",
        kind: "link",
      },
      { intent: "remove", id: "w2-resume" },
    ],
  },
  {
    path: "/admin/business",
    load: () => import("~/features/receipts/routes/business"),
    submissions: [
      { legalName: "Guard Business LLC", address: "1 Guard St\nSpringfield, IL 62701" },
    ],
  },
  readOnly(
    "/admin/payments/:id/receipt",
    () => import("~/features/receipts/routes/admin-receipt"),
    ids.payment,
  ),
  readOnly(
    "/admin/payments/:id/receipt.pdf",
    () => import("~/features/receipts/routes/admin-receipt-pdf"),
    ids.payment,
  ),
  // Last: its erase submission removes the person's upload that the pages above show.
  {
    path: "/admin/people/:id",
    load: () => import("~/features/people/routes/person"),
    params: { id: ids.person },
    submissions: [
      { intent: "reply", message: "guard test" },
      { intent: "note", body: "guard test" },
      { intent: "status", status: "qualified", reason: "guard test" },
      // The fixture's request to leave, declined before the refund below (a refund closes it).
      { intent: "withdrawal_decline", withdrawalId: GUARD_WITHDRAWAL, note: "guard test" },
      { intent: "refund", reason: "guard test", confirm: "yes" },
      // Both after the status change and the refund: the person is qualified, a seat is free.
      { intent: "send_link" },
      { intent: "offer_seat" },
      { intent: "erase", confirm: "ERASE" },
    ],
  },
];
