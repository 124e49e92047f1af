import { createHash } from "node:crypto";
import { recordAudit } from "~/features/accounts/audit.server";
import { sendOnce } from "~/mail/sent-once.server";
import { recordingEmail } from "./attendance.words";
import type { DB, Trx } from "~/db/database.server";
import type { AttendanceStatus } from "~/db/programme-schema";
import type { OneOnOneOutcome } from "~/db/booking-schema";
import { mayMark } from "./attendance";
import { weekMonday, weekWindow } from "~/features/bookings/slots";
import { formatWhen } from "~/lib/time-zone";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import type { Services } from "~/context";
import { mentorZoneOf } from "~/features/bookings/availability.server";

/**
 * Attendance at group sessions, the outcome of each 1-on-1, and session recordings (issue 35,
 * item 5). A mentor marks only their own students (the paid seats of the session's cohort
 * assigned to them) and their own 1-on-1s; the owner marks every paid student of the cohort.
 * Nothing is marked before it has started; a refused mark changes nothing.
 */

/** Who marks: a mentor (their own students only) or the owner (audited). */
export type Marker =
  { kind: "mentor"; mentorId: string } | { kind: "owner"; id: string; email: string };

const markerId = (m: Marker) => (m.kind === "mentor" ? m.mentorId : m.id);

/** A group session as marking needs it; for a mentor, only a session of a cohort with their students. */
async function sessionFor(db: DB | Trx, marker: Marker, sessionId: string, cohortId?: string) {
  let query = db
    .selectFrom("group_sessions")
    .innerJoin("cohorts", "cohorts.id", "group_sessions.cohort_id")
    .select([
      "group_sessions.id",
      "group_sessions.cohort_id",
      "group_sessions.week",
      "group_sessions.topic",
      "group_sessions.starts_at",
      "group_sessions.minutes",
      "group_sessions.status",
      "group_sessions.recording_url",
      "cohorts.start_date",
    ])
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

/** The cohort's paid students (a mentor's: only those assigned to them), by name. */
export async function rosterOf(
  db: DB | Trx,
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
    .where("payments.status", "=", "paid");
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
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      mentor: row.mentor,
    }));
}

/** The started 1-on-1s of a session's week (and deep-dives held in that week) the marker may mark. */
async function weekBookings(
  db: DB,
  marker: Marker,
  session: { cohort_id: string; week: number; start_date: string | null },
  siteZone: string,
  now: Date,
) {
  const window = session.start_date
    ? weekWindow(weekMonday(session.start_date, session.week), siteZone)
    : null;
  let query = db
    .selectFrom("bookings")
    .innerJoin("people", "people.id", "bookings.person_id")
    .select([
      "bookings.id",
      "bookings.kind",
      "bookings.week",
      "bookings.starts_at",
      "bookings.outcome",
      "people.first_name",
      "people.last_name",
    ])
    .where("bookings.cohort_id", "=", session.cohort_id)
    .where("bookings.status", "=", "booked")
    .where("bookings.starts_at", "<=", now.toISOString())
    .where((eb) =>
      eb.or([
        eb.and([eb("bookings.kind", "=", "one_on_one"), eb("bookings.week", "=", session.week)]),
        ...(window
          ? [
              eb.and([
                eb("bookings.kind", "=", "deep_dive"),
                eb("bookings.starts_at", ">=", window.start.toISOString()),
                eb("bookings.starts_at", "<", window.end.toISOString()),
              ]),
            ]
          : []),
      ]),
    );
  if (marker.kind === "mentor") query = query.where("bookings.mentor_id", "=", marker.mentorId);
  return query.orderBy("bookings.starts_at").execute();
}

/** What a session page shows: the session, the students to mark with their marks, the week's 1-on-1s. */
export async function sessionPage(
  services: Services,
  marker: Marker,
  sessionId: string,
  zone: string,
  cohortId?: string,
) {
  const { db, config } = services;
  const now = services.clock.now();
  const session = await sessionFor(db, marker, sessionId, cohortId);
  if (!session) return null;
  const students = await rosterOf(
    db,
    session.cohort_id,
    marker.kind === "mentor" ? marker.mentorId : null,
  );
  const marks = await db
    .selectFrom("attendance")
    .select(["person_id", "status"])
    .where("session_id", "=", session.id)
    .execute();
  const bookings = await weekBookings(db, marker, session, config.siteTimeZone, now);
  return {
    zone,
    session: {
      id: session.id,
      cohortId: session.cohort_id,
      week: session.week,
      topic: session.topic,
      when: `${formatWhen(new Date(session.starts_at), zone, now)} (${zone})`,
      cancelled: session.status === "cancelled",
      started: mayMark(session.starts_at, now),
      recordingUrl: session.recording_url,
    },
    students: students.map((s) => ({
      personId: s.personId,
      name: s.name,
      status: (marks.find((m) => m.person_id === s.personId)?.status ??
        null) as AttendanceStatus | null,
    })),
    oneOnOnes: bookings.map((b) => ({
      id: b.id,
      kind: b.kind,
      week: Number(b.week),
      student: `${b.first_name} ${b.last_name}`.trim(),
      when: `${formatWhen(new Date(b.starts_at), zone, now)} (${zone})`,
      outcome: b.outcome,
    })),
  };
}

export type SessionPageData = NonNullable<Awaited<ReturnType<typeof sessionPage>>>;

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
    const session = await sessionFor(trx, marker, input.sessionId, input.cohortId);
    if (!session) return { kind: "not_found" };
    if (session.status === "cancelled") return { kind: "cancelled" };
    if (!mayMark(session.starts_at, now)) return { kind: "not_started" };
    const roster = await rosterOf(
      trx,
      session.cohort_id,
      marker.kind === "mentor" ? marker.mentorId : null,
    );
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
    if (marker.kind === "owner")
      await recordAudit(
        trx,
        marker.email,
        "session.attendance",
        {
          cohortId: session.cohort_id,
          sessionId: session.id,
          week: session.week,
          marked: input.marks.length,
        },
        now,
      );
    return { kind: "saved", count: input.marks.length };
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
      .select(["id", "cohort_id", "person_id", "week", "kind", "starts_at", "outcome"])
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
    if (marker.kind === "owner")
      await recordAudit(
        trx,
        marker.email,
        "booking.outcome",
        {
          bookingId: booking.id,
          cohortId: booking.cohort_id,
          from: booking.outcome,
          to: input.outcome,
        },
        now,
      );
    return { kind: "saved" };
  });
}

/** The mentor's 1-on-1s and deep-dives that have started and have no outcome yet, oldest first. */
export async function mentorToMark(services: Services, mentorId: string) {
  const now = services.clock.now();
  const zone = await mentorZoneOf(services.db, mentorId, services.config.siteTimeZone);
  const rows = await services.db
    .selectFrom("bookings")
    .innerJoin("people", "people.id", "bookings.person_id")
    .select([
      "bookings.id",
      "bookings.kind",
      "bookings.week",
      "bookings.starts_at",
      "people.first_name",
      "people.last_name",
    ])
    .where("bookings.mentor_id", "=", mentorId)
    .where("bookings.status", "=", "booked")
    .where("bookings.outcome", "is", null)
    .where("bookings.starts_at", "<=", now.toISOString())
    .orderBy("bookings.starts_at")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    week: Number(row.week),
    student: `${row.first_name} ${row.last_name}`.trim(),
    startsAt: row.starts_at,
    when: `${formatWhen(new Date(row.starts_at), zone, now)} (${zone})`,
  }));
}

/** The group sessions of the current cohorts the mentor has students in, for their links. */
export async function mentorSessions(db: DB, mentorId: string) {
  const rows = await db
    .selectFrom("group_sessions")
    .innerJoin("cohorts", "cohorts.id", "group_sessions.cohort_id")
    .select([
      "group_sessions.id",
      "group_sessions.week",
      "group_sessions.topic",
      "group_sessions.status",
      "group_sessions.recording_url",
    ])
    .where("cohorts.is_current", "=", 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("payments")
          .select("payments.id")
          .whereRef("payments.cohort_id", "=", "group_sessions.cohort_id")
          .where("payments.status", "=", "paid")
          .where("payments.mentor_id", "=", mentorId),
      ),
    )
    .orderBy("group_sessions.week")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    week: Number(row.week),
    topic: row.topic,
    cancelled: row.status === "cancelled",
    recorded: row.recording_url !== null,
  }));
}

export type RecordingOutcome =
  { kind: "saved"; emailed: number } | { kind: "not_found" | "cancelled" | "not_started" };

const linkKey = (url: string) => createHash("sha256").update(url).digest("hex").slice(0, 32);

/**
 * Attaches a recording link to a group session; each live student of the cohort (paid, not
 * refunded, not erased) is emailed the link once per distinct link (a sent_once key per session,
 * link and person, written with the email in one transaction), so posting it again sends nothing.
 * A cancelled session takes no recording (nothing stored, nobody emailed).
 */
export async function attachRecording(
  services: Services,
  marker: Marker,
  input: { sessionId: string; url: string; cohortId?: string },
): Promise<RecordingOutcome> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const portalUrl = `${services.config.publicUrl}/portal`;
  return services.db.transaction().execute(async (trx): Promise<RecordingOutcome> => {
    const session = await sessionFor(trx, marker, input.sessionId, input.cohortId);
    if (!session) return { kind: "not_found" };
    if (session.status === "cancelled") return { kind: "cancelled" };
    if (!mayMark(session.starts_at, now)) return { kind: "not_started" };
    if (session.recording_url !== input.url)
      await trx
        .updateTable("group_sessions")
        .set({ recording_url: input.url, updated_at: nowIso })
        .where("id", "=", session.id)
        .execute();
    const students = await rosterOf(trx, session.cohort_id, null, { reachable: true });
    let emailed = 0;
    for (const student of students) {
      const key = `recording:${session.id}:${linkKey(input.url)}:${student.personId}`;
      if (!(await sendOnce(trx, key, nowIso))) continue;
      await enqueueEmail(
        trx,
        {
          kind: "group_session_recording",
          to: student.email,
          personId: student.personId,
          ...renderEmail(
            recordingEmail({
              firstName: student.firstName,
              week: session.week,
              topic: session.topic,
              url: input.url,
              portalUrl,
            }),
          ),
        },
        now,
      );
      emailed += 1;
    }
    if (marker.kind === "owner")
      await recordAudit(
        trx,
        marker.email,
        "session.recording",
        { cohortId: session.cohort_id, sessionId: session.id, week: session.week, emailed },
        now,
      );
    return { kind: "saved", emailed };
  });
}
