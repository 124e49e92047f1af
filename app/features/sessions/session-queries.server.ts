import type { Db } from "~/db/database.server";

/**
 * Group sessions with their cohort's live link: the one query the calendar, the change emails,
 * the reminders and the session page start from; each adds its own filter (and columns).
 */
export function groupSessionsWithCohort(db: Db) {
  return db
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
      "group_sessions.sequence",
      "group_sessions.updated_at",
      "group_sessions.recording_url",
      "cohorts.live_url",
    ]);
}
