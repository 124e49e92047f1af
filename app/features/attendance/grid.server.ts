import type { DB } from "~/db/database.server";
import { attendanceGrid, mayMark, type GridBooking, type GridRow } from "./attendance";

/** A session as the cohort page links it: its page, and whether a recording may be attached. */
export interface GridSessionLink {
  id: string;
  week: number;
  topic: string;
  cancelled: boolean;
  started: boolean;
  recordingUrl: string | null;
}
import { rosterOf } from "./marker.server";

/**
 * A cohort's attendance grid (app/features/attendance/attendance.ts) read from its rows: the paid students,
 * the six sessions, their attendance marks and the students' bookings.
 */
export async function cohortGrid(
  services: { db: DB; clock: { now(): Date }; config: { siteTimeZone: string } },
  cohortId: string,
): Promise<{ rows: GridRow[]; sessions: GridSessionLink[] }> {
  const { db } = services;
  const [cohort, students, sessions, bookings] = await Promise.all([
    db.selectFrom("cohorts").select("start_date").where("id", "=", cohortId).executeTakeFirst(),
    rosterOf(db, cohortId, null),
    db
      .selectFrom("group_sessions")
      .select(["id", "week", "topic", "starts_at", "minutes", "status", "recording_url"])
      .where("cohort_id", "=", cohortId)
      .orderBy("week")
      .execute(),
    db
      .selectFrom("bookings")
      .select(["person_id", "week", "kind", "status", "outcome"])
      .where("cohort_id", "=", cohortId)
      .execute(),
  ]);
  const marks = sessions.length
    ? await db
        .selectFrom("attendance")
        .select(["session_id", "person_id", "status"])
        .where(
          "session_id",
          "in",
          sessions.map((s) => s.id),
        )
        .execute()
    : [];
  const rows = attendanceGrid({
    students,
    sessions: sessions.map((s) => ({
      id: s.id,
      week: Number(s.week),
      startsAt: s.starts_at,
      minutes: Number(s.minutes),
      cancelled: s.status === "cancelled",
    })),
    marks: marks.map((m) => ({ sessionId: m.session_id, personId: m.person_id, status: m.status })),
    bookings: bookings.map((b): GridBooking => ({
      personId: b.person_id,
      week: Number(b.week),
      kind: b.kind,
      status: b.status,
      outcome: b.outcome,
    })),
    startDate: cohort?.start_date ?? null,
    siteZone: services.config.siteTimeZone,
    now: services.clock.now(),
  });
  const now = services.clock.now();
  return {
    rows,
    sessions: sessions.map((s) => ({
      id: s.id,
      week: Number(s.week),
      topic: s.topic,
      cancelled: s.status === "cancelled",
      started: mayMark(s.starts_at, now),
      recordingUrl: s.recording_url,
    })),
  };
}

export type CohortGrid = Awaited<ReturnType<typeof cohortGrid>>;
