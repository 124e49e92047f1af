import type { AttendanceStatus } from "~/db/programme-schema";
import type { OneOnOneOutcome } from "~/db/booking-schema";
import type { Services } from "~/context";
import { mayMark } from "./attendance";
import {
  auditOwner,
  markableSession,
  markerId,
  mentorOf,
  rosterOf,
  type Marker,
} from "./marker.server";

export type MarkOutcome =
  | { kind: "saved"; count: number }
  | { kind: "not_found" | "not_started" | "cancelled" | "unknown_student" };

/**
 * Marks the students of one session (each attended, absent or excused; upserted), all or none:
 * a student who is not the marker's to mark (another mentor's, unknown) refuses the whole form.
 */
export async function markAttendance(
  services: Services,
  marker: Marker,
  input: {
    sessionId: string;
    cohortId?: string;
    marks: { student: string; status: AttendanceStatus }[];
  },
): Promise<MarkOutcome> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  return services.db.transaction().execute(async (trx): Promise<MarkOutcome> => {
    const found = await markableSession(trx, marker, input, now);
    if (found.kind !== "markable") return found;
    const { session } = found;
    const roster = await rosterOf(trx, session.cohort_id, mentorOf(marker));
    const allowed = new Set(roster.map((s) => s.personId));
    if (input.marks.some((mark) => !allowed.has(mark.student))) return { kind: "unknown_student" };
    for (const mark of input.marks) {
      const row = {
        status: mark.status,
        marked_by: marker.kind,
        marked_by_id: markerId(marker),
        marked_at: nowIso,
      };
      await trx
        .insertInto("attendance")
        .values({ session_id: session.id, person_id: mark.student, ...row })
        .onConflict((oc) => oc.columns(["session_id", "person_id"]).doUpdateSet(row))
        .execute();
    }
    const marked = input.marks.length;
    const details = { cohortId: session.cohort_id, sessionId: session.id, week: session.week };
    await auditOwner(trx, marker, "session.attendance", { ...details, marked }, now);
    return { kind: "saved", count: marked };
  });
}

export type OutcomeMark = { kind: "saved" } | { kind: "not_found" | "not_started" };

/** Marks a 1-on-1 (or deep-dive) held or a no-show by either side, once it has started. */
export async function markOutcome(
  services: Services,
  marker: Marker,
  input: { bookingId: string; outcome: OneOnOneOutcome; cohortId?: string },
): Promise<OutcomeMark> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx): Promise<OutcomeMark> => {
    let query = trx
      .selectFrom("bookings")
      .select(["id", "cohort_id", "starts_at", "outcome"])
      .where("id", "=", input.bookingId)
      .where("status", "=", "booked");
    if (marker.kind === "mentor") query = query.where("mentor_id", "=", marker.mentorId);
    if (input.cohortId !== undefined) query = query.where("cohort_id", "=", input.cohortId);
    const booking = await query.executeTakeFirst();
    if (!booking) return { kind: "not_found" };
    if (!mayMark(booking.starts_at, now)) return { kind: "not_started" };
    await trx
      .updateTable("bookings")
      .set({ outcome: input.outcome, outcome_at: now.toISOString() })
      .where("id", "=", booking.id)
      .execute();
    const change = { from: booking.outcome, to: input.outcome };
    const details = { bookingId: booking.id, cohortId: booking.cohort_id, ...change };
    await auditOwner(trx, marker, "booking.outcome", details, now);
    return { kind: "saved" };
  });
}
