import type { DB } from "~/db/database.server";
import type { AttendanceStatus } from "~/db/programme-schema";
import { weekMonday, weekWindow } from "~/features/bookings/slots";
import { fullName, liveBookingsWithStudent } from "~/features/bookings/booking-queries.server";
import { whenFor } from "~/lib/time-zone";
import type { Services } from "~/context";
import { mayMark } from "./attendance";
import { mentorOf, rosterOf, sessionFor, type Marker } from "./marker.server";

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
  let query = liveBookingsWithStudent(db)
    .select("bookings.outcome")
    .where("bookings.cohort_id", "=", session.cohort_id)
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
  const students = await rosterOf(db, session.cohort_id, mentorOf(marker));
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
      when: whenFor(session.starts_at, zone, now),
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
      student: fullName(b),
      when: whenFor(b.starts_at, zone, now),
      outcome: b.outcome,
    })),
  };
}

export type SessionPageData = NonNullable<Awaited<ReturnType<typeof sessionPage>>>;
