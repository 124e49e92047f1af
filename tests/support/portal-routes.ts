import {
  PORTAL_FIXTURE_APPLICATION,
  PORTAL_FIXTURE_BOOKINGS,
  PORTAL_FIXTURE_COURSEWORK,
  PORTAL_FIXTURE_CONVERSATION,
  PORTAL_FIXTURE_OFFER,
  PORTAL_FIXTURE_SESSION,
  type PortalFixtures,
} from "./portal";

/** An interview date a month from today (the walk runs on the real clock). */
const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * Every /portal route (and the token-gated /calendar feed), with what each role gets from it, for the access test
 * (app/features/portal/routes/access.db.test.ts), which fails while a /portal route of app/routes.ts is
 * missing here. The roles: a visitor, the fixture student, a student of another cohort, the
 * student's mentor, another mentor, and the owner (signed in to the console, not the portal).
 *
 * Outcomes: "sign_in" (the sign-in form or a redirect to /portal, no data), "forbidden" (403),
 * "not_found" (404), "gone" (410: a dead token), "own" (their own page, nothing of the fixture
 * student), "sees" (the fixture student's data, which only they and their mentor may see), or a
 * redirect to another portal page.
 */
export type Who = "visitor" | "student" | "otherStudent" | "mentor" | "otherMentor" | "owner";
export type Outcome =
  "sign_in" | "forbidden" | "not_found" | "gone" | "own" | "sees" | { redirect: string };

export interface PortalRoute {
  path: string;
  load: () => Promise<{ loader?: (args: never) => unknown; action?: (args: never) => unknown }>;
  params?: (fixtures: PortalFixtures) => Record<string, string>;
  /** What a GET gives each role. */
  get: Record<Who, Outcome>;
  /** Posts that change something when the entitled role makes them; refused for the others. */
  submissions: { fields: Record<string, string>; allowed: Who[] }[];
}

/** A row of a tracker as its preview carries it to the confirmation. */
const IMPORTED_ROW = {
  firm: "Imported Co",
  role: "Analyst",
  track: "",
  url: "",
  location: "",
  deadline: "",
  source: "posting",
  contact: "",
  nextStep: "",
  notes: "",
  stage: "applied",
  round: "",
  appliedOn: "",
};

const signedOut = { visitor: "sign_in", owner: "sign_in" } as const;
const studentsOnly = {
  ...signedOut,
  mentor: "forbidden",
  otherMentor: "forbidden",
} as const;
const mentorsOnly = { ...signedOut, student: "forbidden", otherStudent: "forbidden" } as const;
const theStudent = (fixtures: PortalFixtures) => ({ id: fixtures.studentId });

export const PORTAL_ROUTES: PortalRoute[] = [
  {
    path: "/portal",
    load: () => import("~/features/portal/routes/home"),
    get: {
      ...signedOut,
      student: "sees",
      otherStudent: "own",
      mentor: { redirect: "/portal/mentor" },
      otherMentor: { redirect: "/portal/mentor" },
    },
    submissions: [],
  },
  {
    path: "/portal/login/:token",
    load: () => import("~/features/portal/routes/login"),
    params: () => ({ token: "not-a-live-token" }),
    get: {
      visitor: "gone",
      owner: "gone",
      student: "gone",
      otherStudent: "gone",
      mentor: "gone",
      otherMentor: "gone",
    },
    submissions: [{ fields: {}, allowed: [] }],
  },
  {
    path: "/portal/profile",
    load: () => import("~/features/portal/routes/profile"),
    get: { ...studentsOnly, student: "sees", otherStudent: "own" },
    submissions: [
      {
        fields: {
          timeZone: "America/Chicago",
          targetRoles: "Banking",
          linkedinUrl: "https://www.linkedin.com/in/someone-new",
          graduationYear: "2027",
        },
        allowed: ["student", "otherStudent"],
      },
    ],
  },
  {
    path: "/portal/prework",
    load: () => import("~/features/portal/routes/prework"),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    submissions: [{ fields: { intent: "mark_read" }, allowed: ["student", "otherStudent"] }],
  },
  {
    path: "/portal/calendar",
    load: () => import("~/features/sessions/routes/calendar"),
    // The .ics download: the student's own 1-on-1s, and their mentor's with them, name the student.
    get: { ...signedOut, student: "sees", otherStudent: "own", mentor: "sees", otherMentor: "own" },
    submissions: [
      {
        fields: { intent: "reset" },
        allowed: ["student", "otherStudent", "mentor", "otherMentor"],
      },
    ],
  },
  {
    // The private calendar feed: public, gated by its token alone (a bogus one is 404 for all).
    path: "/calendar/:token.ics",
    load: () => import("~/features/sessions/routes/feed"),
    params: () => ({ token: "bogus-token-bogus-token-bogus-token-bogus-t" }),
    get: {
      visitor: "not_found",
      owner: "not_found",
      student: "not_found",
      otherStudent: "not_found",
      mentor: "not_found",
      otherMentor: "not_found",
    },
    submissions: [],
  },
  {
    path: "/portal/mentor",
    load: () => import("~/features/mentors/routes/mentor"),
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "own" },
    submissions: [
      {
        fields: {
          intent: "cancel_booking",
          bookingId: PORTAL_FIXTURE_BOOKINGS.forMentor,
          reason: "Ill today",
        },
        allowed: ["mentor"],
      },
    ],
  },
  {
    path: "/portal/mentor/availability",
    load: () => import("~/features/bookings/routes/mentor-availability"),
    get: { ...mentorsOnly, mentor: "own", otherMentor: "own" },
    // The place first: no hours are added before it (app/features/bookings/meeting-place.db.test.ts).
    submissions: [
      {
        fields: { intent: "place", place: "https://meet.example.com/room" },
        allowed: ["mentor", "otherMentor"],
      },
      {
        fields: { intent: "add_hours", weekday: "2", from: "09:00", to: "11:00" },
        allowed: ["mentor", "otherMentor"],
      },
    ],
  },
  {
    path: "/portal/book",
    load: () => import("~/features/bookings/routes/book"),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    // Booking a slot needs a start date and a mentor's hours: app/features/bookings/bookings.db.test.ts.
    submissions: [
      {
        fields: { intent: "cancel", bookingId: PORTAL_FIXTURE_BOOKINGS.forStudent },
        allowed: ["student"],
      },
    ],
  },
  {
    // The fixture student was sent the survey (tests/support/portal.ts); the other student was not.
    path: "/portal/survey",
    load: () => import("~/features/surveys/routes/survey"),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    submissions: [
      {
        fields: { score: "9", helped: "The mock interviews", change: "More of them" },
        allowed: ["student"],
      },
    ],
  },
  {
    path: "/portal/leave",
    load: () => import("~/features/withdrawals/routes/leave"),
    // The student's own request; a mentor never sees it (the owner decides on the person page).
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    submissions: [
      { fields: { kind: "leave", reason: "Moving abroad" }, allowed: ["student", "otherStudent"] },
    ],
  },
  {
    path: "/portal/testimonial",
    load: () => import("~/features/outcomes/routes/testimonial"),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    // The fixture student was asked (a confirmed offer); nothing written yet, so nothing to
    // withdraw until they send it. The other student was never asked.
    submissions: [
      { fields: { intent: "withdraw" }, allowed: [] },
      { fields: { intent: "submit", quote: "Great.", consent: "full" }, allowed: ["student"] },
    ],
  },
  {
    path: "/portal/interviews",
    load: () => import("~/features/outcomes/routes/interviews"),
    // The student's interviews and offers name the firm; nobody else's page does.
    get: { ...studentsOnly, student: "sees", otherStudent: "own" },
    submissions: [
      {
        fields: { intent: "interview", firm: "Acme Capital", role: "Analyst", date: inAMonth },
        allowed: ["student", "otherStudent"],
      },
    ],
  },
  {
    path: "/portal/deep-dive",
    load: () => import("~/features/bookings/routes/deep-dive"),
    get: { ...studentsOnly, student: "sees", otherStudent: "own" },
    // Booking an hour needs a mentor's hours: app/features/bookings/deep-dive.db.test.ts.
    submissions: [
      {
        fields: { intent: "cancel", bookingId: PORTAL_FIXTURE_BOOKINGS.deepDive },
        allowed: ["student"],
      },
    ],
  },
  {
    path: "/portal/applications",
    load: () => import("~/features/job-search/routes/applications"),
    get: { ...studentsOnly, student: "sees", otherStudent: "own" },
    submissions: [
      {
        fields: {
          intent: "add",
          firm: "Acme",
          role: "Analyst",
          source: "posting",
          stage: "wishlist",
        },
        allowed: ["student", "otherStudent"],
      },
    ],
  },
  {
    // The download is a zip, so its words cannot be read here: what it holds is tested in
    // app/features/job-search/job-search.db.test.ts.
    path: "/portal/applications.xlsx",
    load: () => import("~/features/job-search/routes/export"),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    submissions: [],
  },
  {
    path: "/portal/applications/import",
    load: () => import("~/features/job-search/routes/import"),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    submissions: [
      {
        fields: { intent: "confirm", rows: JSON.stringify([IMPORTED_ROW]) },
        allowed: ["student", "otherStudent"],
      },
    ],
  },
  {
    // Another student's application is not there for them (404), as for a stale link.
    path: "/portal/applications/:id",
    load: () => import("~/features/job-search/routes/application"),
    params: () => ({ id: PORTAL_FIXTURE_APPLICATION.id }),
    get: { ...studentsOnly, student: "sees", otherStudent: "not_found" },
    submissions: [
      {
        fields: { intent: "move", moveId: PORTAL_FIXTURE_APPLICATION.move, to: "applied" },
        allowed: ["student"],
      },
    ],
  },
  {
    // Another student's conversation is not there for them: deleting it is a 404.
    path: "/portal/networking",
    load: () => import("~/features/job-search/routes/networking"),
    get: { ...studentsOnly, student: "sees", otherStudent: "own" },
    submissions: [
      {
        fields: {
          intent: "add",
          personName: "Pat Partner",
          firm: "Acme",
          date: "2026-11-20",
          how: "call",
        },
        allowed: ["student", "otherStudent"],
      },
      {
        fields: { intent: "delete", id: PORTAL_FIXTURE_CONVERSATION },
        allowed: ["student"],
      },
    ],
  },
  {
    // The fixture student's cohort has no start date, so no week is open for them; the other
    // student's cohort started in 2025, so they hand in their own work.
    path: "/portal/weeks/:week",
    load: () => import("~/features/coursework/routes/week"),
    params: () => ({ week: "1" }),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    submissions: [
      {
        fields: { assignmentId: "w1-target-roles", body: "Banking in New York." },
        allowed: ["otherStudent"],
      },
    ],
  },
  {
    path: "/portal/mentor/students/:id",
    load: () => import("~/features/mentors/routes/mentor-student"),
    params: theStudent,
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "not_found" },
    submissions: [
      { fields: { intent: "note", body: "Met on Tuesday." }, allowed: ["mentor"] },
      { fields: { intent: "confirm_offer", offerId: PORTAL_FIXTURE_OFFER }, allowed: ["mentor"] },
      {
        fields: { intent: "targets", applicationsPerWeek: "10", conversationsPerWeek: "3" },
        allowed: ["mentor"],
      },
    ],
  },
  {
    // The mentor's students at a glance: the fixture student's name is on their mentor's board.
    path: "/portal/mentor/board",
    load: () => import("~/features/job-search/routes/mentor-board"),
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "own" },
    submissions: [],
  },
  {
    // Another mentor's student's application is not there for them (404), as the student page.
    // The walk posts a note (the move's form is drawn from a current stage that the student's
    // own walk above has moved on; the mentor's move is tested in mentor-board.db.test.ts).
    path: "/portal/mentor/students/:id/applications/:applicationId",
    load: () => import("~/features/job-search/routes/mentor-application"),
    params: (fixtures) => ({
      id: fixtures.studentId,
      applicationId: PORTAL_FIXTURE_APPLICATION.id,
    }),
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "not_found" },
    submissions: [
      { fields: { intent: "note", body: "Ask them about round two." }, allowed: ["mentor"] },
    ],
  },
  {
    path: "/portal/mentor/students/:id/resume",
    load: () => import("~/features/mentors/routes/mentor-resume"),
    params: theStudent,
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "not_found" },
    submissions: [],
  },
  {
    // A session of the fixture cohort: its mentor marks their own students (the fixture
    // student); a mentor with no student in that cohort gets 404.
    path: "/portal/mentor/sessions/:id",
    load: () => import("~/features/attendance/routes/mentor-session"),
    params: () => ({ id: PORTAL_FIXTURE_SESSION }),
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "not_found" },
    submissions: [
      {
        fields: { intent: "recording", url: "https://video.example.com/fixture" },
        allowed: ["mentor"],
      },
    ],
  },
  {
    // The mentor's queue: their students' waiting work (the fixture student's second version
    // still waits after the walk reviews the first below).
    path: "/portal/mentor/reviews",
    load: () => import("~/features/coursework/routes/mentor-reviews"),
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "own" },
    submissions: [],
  },
  {
    // Another mentor's student's work is not there for them (404), as the student's page.
    path: "/portal/mentor/reviews/:id",
    load: () => import("~/features/coursework/routes/mentor-review"),
    params: () => ({ id: PORTAL_FIXTURE_COURSEWORK.first }),
    get: { ...mentorsOnly, mentor: "sees", otherMentor: "not_found" },
    submissions: [
      { fields: { comment: "Tighten the bullets.", verdict: "revise" }, allowed: ["mentor"] },
    ],
  },
  {
    // A coursework file: the student whose it is and their mentor; nobody else (404).
    path: "/portal/files/:id",
    load: () => import("~/features/coursework/routes/coursework-file"),
    params: () => ({ id: PORTAL_FIXTURE_COURSEWORK.file }),
    get: {
      ...signedOut,
      student: "sees",
      otherStudent: "not_found",
      mentor: "sees",
      otherMentor: "not_found",
    },
    submissions: [],
  },
  {
    // The list names payments by number, amount and date: nothing of the student's own.
    path: "/portal/receipts",
    load: () => import("~/features/receipts/routes/portal-receipts"),
    get: { ...studentsOnly, student: "own", otherStudent: "own" },
    submissions: [],
  },
  {
    // A receipt names its payer; another student's is not there for them (404).
    path: "/portal/receipts/:id",
    load: () => import("~/features/receipts/routes/portal-receipt"),
    params: (fixtures) => ({ id: fixtures.paymentId }),
    get: { ...studentsOnly, student: "sees", otherStudent: "not_found" },
    submissions: [
      {
        fields: { payerName: "Pat Parent", organization: "Acme University", address: "1 Main St" },
        allowed: ["student"],
      },
    ],
  },
  {
    // The PDF is compressed, so its words cannot be read here: what it holds is tested in
    // app/features/receipts/receipts.db.test.ts.
    path: "/portal/receipts/:id.pdf",
    load: () => import("~/features/receipts/routes/portal-receipt-pdf"),
    params: (fixtures) => ({ id: fixtures.paymentId }),
    get: { ...studentsOnly, student: "own", otherStudent: "not_found" },
    submissions: [],
  },
];
