import type { DB } from "~/db/database.server";
import { attendanceGrid, type GridBooking, type GridRow } from "~/domain/attendance";
import { rosterOf } from "./attendance.server";

/**
 * A cohort's attendance grid (app/domain/attendance.ts) read from its rows: the paid students,
 * the six sessions, their attendance marks and the students' bookings.
 */
export async function cohortGrid(
  services: { db: DB; clock: { now(): Date }; config: { siteTimeZone: string } },
  cohortId: string,
): Promise<{ rows: GridRow[]; sessions: { id: string; week: number }[] }> {
  const { db } = services;
  const [cohort, students, sessions, bookings] = await Promise.all([
    db.selectFrom("cohorts").select("start_date").where("id", "=", cohortId).executeTakeFirst(),
    rosterOf(db, cohortId, null),
    db
      .selectFrom("group_sessions")
      .select(["id", "week", "starts_at", "minutes", "status"])
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
  return { rows, sessions: sessions.map((s) => ({ id: s.id, week: Number(s.week) })) };
}

export type CohortGrid = Awaited<ReturnType<typeof cohortGrid>>;
