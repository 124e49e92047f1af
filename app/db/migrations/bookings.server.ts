import { sql, type Kysely, type Migration } from "kysely";
import { column, createTables, notNullDefault } from "./ddl.server";

const mentorId = column("text", (c) => c.notNull().references("mentors.id").onDelete("cascade"));

/**
 * The 1-on-1s each student is owed (issue 35, item 3): a mentor's weekly availability (wall-clock
 * minutes in mentors.time_zone, ISO weekday 1-7), whole days off, and the bookings. Two partial
 * unique indexes over live bookings are the last guard behind the booking's lock: one slot per
 * mentor and start, one 1-on-1 per student, cohort and programme week.
 */
export const bookings: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      mentor_availability: {
        columns: {
          id: "text primary key",
          mentor_id: mentorId,
          weekday: "integer not null",
          start_minute: "integer not null",
          end_minute: "integer not null",
        },
        indexes: { mentor_availability_mentor: ["mentor_id", "weekday"] },
      },
      availability_overrides: {
        columns: {
          id: "text primary key",
          mentor_id: mentorId,
          date: "text not null",
          kind: notNullDefault("text", "off"),
        },
        constraints: (t) =>
          t.addUniqueConstraint("availability_overrides_mentor_date", ["mentor_id", "date"]),
      },
      bookings: {
        columns: {
          id: "text primary key",
          cohort_id: "text not null",
          person_id: column("text", (c) => c.notNull().references("people.id").onDelete("cascade")),
          mentor_id: mentorId,
          kind: "text not null",
          week: "integer not null",
          starts_at: "text not null",
          ends_at: "text not null",
          status: "text not null",
          sequence: notNullDefault("integer", 0),
          cancelled_by: "text",
          cancel_reason: "text",
          created_at: "text not null",
          updated_at: "text not null",
        },
        indexes: { bookings_starts: ["starts_at"], bookings_person: ["person_id"] },
      },
    });
    await db.schema
      .createIndex("bookings_one_per_slot")
      .on("bookings")
      .columns(["mentor_id", "starts_at"])
      .unique()
      .where(sql.ref("status"), "=", "booked")
      .execute();
    await db.schema
      .createIndex("bookings_one_per_week")
      .on("bookings")
      .columns(["person_id", "cohort_id", "week", "kind"])
      .unique()
      .where(sql.ref("status"), "=", "booked")
      .execute();
  },
};
