/**
 * The portal's rules (issue 34): how long a sign-in link and a session live, who may open which
 * portal page, and which mentor a new student is assigned to. Pure: no I/O.
 */

/** A one-time sign-in link is good for 15 minutes and one use. */
export const PORTAL_LINK_TTL_MS = 15 * 60_000;
/** A portal session ends 30 days after sign-in, or after 7 days without a request. */
export const PORTAL_SESSION_TTL_MS = 30 * 24 * 3_600_000;
export const PORTAL_SESSION_IDLE_MS = 7 * 24 * 3_600_000;
/**
 * Paying signs the buyer in on /payment-confirmation, in the browser that held the seat, for an
 * hour after the payment; later (a bookmarked confirmation after signing out) it takes a link.
 */
export const PAYER_SIGN_IN_WINDOW_MS = 3_600_000;

/** When a portal session used at `now` ends: the idle limit from now, never past the cap. */
export function portalSessionExpiry(createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(createdAt.getTime() + PORTAL_SESSION_TTL_MS, now.getTime() + PORTAL_SESSION_IDLE_MS),
  );
}

/** Who is asking: the roles every route is decided for. */
export type Role = "visitor" | "student" | "mentor" | "owner";

/**
 * Who may open each portal page: the one place this is decided. A route module names its page
 * and `requirePortal` (app/features/portal/session.server.ts) checks the signed-in role against this
 * table; the owner's console is decided by the admin layout (owner only). Row-level rules (a
 * mentor sees only their own students) are in `mentorMaySee` below.
 */
export const PORTAL_ACCESS = {
  home: ["student", "mentor"],
  profile: ["student"],
  prework: ["student"],
  networking: ["student"],
  mentor: ["mentor"],
  mentorStudent: ["mentor"],
  mentorBoard: ["mentor"],
  calendar: ["student", "mentor"],
  mentorAvailability: ["mentor"],
  mentorSession: ["mentor"],
  book: ["student"],
  survey: ["student"],
  leave: ["student"],
  testimonial: ["student"],
  interviews: ["student"],
  deepDive: ["student"],
  applications: ["student"],
  weeks: ["student"],
  mentorReviews: ["mentor"],
  courseworkFile: ["student", "mentor"],
  receipts: ["student"],
} as const satisfies Record<string, readonly Role[]>;

export type PortalPage = keyof typeof PORTAL_ACCESS;

export function mayOpen(role: Role, page: PortalPage): boolean {
  return (PORTAL_ACCESS[page] as readonly Role[]).includes(role);
}

/** A mentor sees a student only while that student's live seat is assigned to them. */
export function mentorMaySee(mentorId: string, student: { mentorId: string | null }): boolean {
  return student.mentorId !== null && student.mentorId === mentorId;
}

export interface MentorLoad {
  id: string;
  name: string;
  capacity: number;
  /** Students already assigned to this mentor in the cohort. */
  students: number;
}

/**
 * The mentor a new student of a cohort is assigned to: the active mentor with the most free
 * places (ties: fewest students, then name, then id); null when every mentor is full or there is
 * none, and the student waits unassigned.
 */
export function pickMentor(mentors: readonly MentorLoad[]): MentorLoad | null {
  const open = mentors.filter((mentor) => mentor.capacity - mentor.students > 0);
  open.sort(
    (a, b) =>
      b.capacity - b.students - (a.capacity - a.students) ||
      a.students - b.students ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
  return open[0] ?? null;
}
