import type { DB } from "~/db/database.server";
import { whenFor } from "~/lib/time-zone";
import type { Services } from "~/context";
import { mentorZoneOf } from "~/features/bookings/availability.server";
import { fullName, liveBookingsWithStudent } from "~/features/bookings/booking-queries.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/** The mentor's 1-on-1s and deep-dives that have started and have no outcome yet, oldest first. */
export async function mentorToMark(services: Services, mentorId: string) {
  const now = services.clock.now();
  const zone = await mentorZoneOf(services.db, mentorId, services.config.siteTimeZone);
  const rows = await liveBookingsWithStudent(services.db)
    .where("bookings.mentor_id", "=", mentorId)
    .where("bookings.outcome", "is", null)
    .where("bookings.starts_at", "<=", now.toISOString())
    .orderBy("bookings.starts_at")
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    week: Number(row.week),
    student: fullName(row),
    startsAt: row.starts_at,
    when: whenFor(row.starts_at, zone, now),
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
          .where(paidSeat)
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
