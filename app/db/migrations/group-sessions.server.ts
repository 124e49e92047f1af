import type { Kysely, Migration } from "kysely";
import { addColumns, column, createTables, notNullDefault } from "./ddl.server";

/**
 * Six weeks on the calendar (issue 35, decision 0041): each cohort's weekly group session slot
 * (ISO weekday 1-7, HH:MM and minutes, wall clock of SITE_TIME_ZONE) and its live link; the six
 * planned sessions (one per cohort and week, starts_at a UTC instant, SEQUENCE counted up on
 * every change); and each student's and mentor's private calendar feed (the token only hashed).
 */
export const groupSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "cohorts", {
      session_weekday: notNullDefault("integer", 2),
      session_time: notNullDefault("text", "19:00"),
      session_minutes: notNullDefault("integer", 60),
      live_url: "text",
    });
    await createTables(db, {
      group_sessions: {
        columns: {
          id: "text primary key",
          cohort_id: column("text", (c) =>
            c.notNull().references("cohorts.id").onDelete("cascade"),
          ),
          week: "integer not null",
          starts_at: "text not null",
          minutes: "integer not null",
          topic: "text not null",
          status: notNullDefault("text", "scheduled"),
          sequence: notNullDefault("integer", 0),
          recording_url: "text",
          created_at: "text not null",
          updated_at: "text not null",
        },
        constraints: (t) =>
          t.addUniqueConstraint("group_sessions_cohort_week", ["cohort_id", "week"]),
      },
      calendar_feeds: {
        columns: {
          token_hash: "text primary key",
          person_id: column("text", (c) => c.references("people.id").onDelete("cascade")),
          mentor_id: column("text", (c) => c.references("mentors.id").onDelete("cascade")),
          created_at: "text not null",
          first_fetched_at: "text",
          last_fetched_at: "text",
        },
        // One live feed per person (NULLs do not collide, on both engines).
        constraints: (t) =>
          t
            .addUniqueConstraint("calendar_feeds_person", ["person_id"])
            .addUniqueConstraint("calendar_feeds_mentor", ["mentor_id"]),
      },
    });
  },
};
