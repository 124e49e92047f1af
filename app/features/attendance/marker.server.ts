import { recordAudit } from "~/features/accounts/audit.server";
import type { Db, Trx } from "~/db/database.server";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import { groupSessionsWithCohort } from "~/features/sessions/session-queries.server";
import { fullName } from "~/features/bookings/booking-queries.server";
import { mayMark } from "./attendance";

/**
 * Who marks what (issue 35, item 5): a mentor marks only their own students (the paid seats of the
 * session's cohort assigned to them) and their own 1-on-1s; the owner marks every paid student of
 * the cohort, audited. Nothing is marked before it has started; a refused mark changes nothing.
 */

/** Who marks: a mentor (their own students only) or the owner (audited). */
export type Marker =
  { kind: "mentor"; mentorId: string } | { kind: "owner"; id: string; email: string };

export const markerId = (m: Marker) => (m.kind === "mentor" ? m.mentorId : m.id);

/** The mentor whose students the marker sees; null for the owner (every student). */
export const mentorOf = (m: Marker) => (m.kind === "mentor" ? m.mentorId : null);

/** The cohort's paid students (a mentor's: only those assigned to them), by name. */
export async function rosterOf(
  db: Db,
  cohortId: string,
  mentorId: string | null,
  options: { reachable?: boolean } = {},
) {
  let query = db
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .leftJoin("mentors", "mentors.id", "payments.mentor_id")
    .select([
      "people.id",
      "people.first_name",
      "people.last_name",
      "people.email",
      "mentors.name as mentor",
    ])
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat);
  if (mentorId !== null) query = query.where("payments.mentor_id", "=", mentorId);
  if (options.reachable) query = query.where("people.email", "not like", ERASED_ADDRESS_PATTERN);
  const rows = await query
    .orderBy("people.first_name")
    .orderBy("people.last_name")
    .orderBy("people.id")
    .execute();
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .map((row) => ({
      personId: row.id,
      firstName: row.first_name,
      name: fullName(row),
      email: row.email,
      mentor: row.mentor,
    }));
}

/** A group session as marking needs it; for a mentor, only a session of a cohort with their students. */
export async function sessionFor(db: Db, marker: Marker, sessionId: string, cohortId?: string) {
  let query = groupSessionsWithCohort(db)
    .select("cohorts.start_date")
    .where("group_sessions.id", "=", sessionId);
  if (cohortId !== undefined) query = query.where("group_sessions.cohort_id", "=", cohortId);
  const session = await query.executeTakeFirst();
  if (!session) return null;
  if (marker.kind === "mentor") {
    const roster = await rosterOf(db, session.cohort_id, marker.mentorId);
    if (roster.length === 0) return null;
  }
  return { ...session, week: Number(session.week), minutes: Number(session.minutes) };
}

/** The session a post marks, once it has started and unless it was cancelled; else why not. */
export async function markableSession(
  trx: Trx,
  marker: Marker,
  where: { sessionId: string; cohortId?: string },
  now: Date,
) {
  const session = await sessionFor(trx, marker, where.sessionId, where.cohortId);
  if (!session) return { kind: "not_found" as const };
  if (session.status === "cancelled") return { kind: "cancelled" as const };
  if (!mayMark(session.starts_at, now)) return { kind: "not_started" as const };
  return { kind: "markable" as const, session };
}

/** The owner's marks are audited (a mentor's are not: they mark only their own students). */
export async function auditOwner(
  trx: Trx,
  marker: Marker,
  action: string,
  details: Record<string, unknown>,
  now: Date,
) {
  if (marker.kind === "owner") await recordAudit(trx, marker.email, action, details, now);
}
