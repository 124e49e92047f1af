import { sql, type Kysely, type Migration } from "kysely";
import { addColumns, column, createTables, notNullDefault, personId } from "./ddl.server";

const cohortId = column("text", (c) => c.notNull().references("cohorts.id").onDelete("cascade"));

/**
 * The programme's record (issues 35 and 36, app/db/programme-schema.ts): attendance at group
 * sessions and the outcome of each 1-on-1, interviews (a deep-dive booking points at its
 * interview), offers and their confirmation, whether a student is job seeking (CIRR's exclusion),
 * requests to leave, the end survey, testimonials with their consent, and the outcome settings.
 * A deep-dive is a booking of kind 'deep_dive' in week 0: the index bookings_one_per_week already
 * allows one live one per student and cohort. A student's rows go with the person on erasure.
 */
export const programmeRecord: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "bookings", {
      outcome: "text",
      outcome_at: "text",
      interview_id: "text",
    });
    await addColumns(db, "student_profiles", {
      job_seeking: notNullDefault("integer", 1),
    });
    await createTables(db, {
      attendance: {
        columns: {
          session_id: column("text", (c) =>
            c.notNull().references("group_sessions.id").onDelete("cascade"),
          ),
          person_id: personId,
          status: "text not null",
          marked_by: "text not null",
          marked_by_id: "text not null",
          marked_at: "text not null",
        },
        constraints: (t) => t.addPrimaryKeyConstraint("attendance_pk", ["session_id", "person_id"]),
        indexes: { attendance_person: ["person_id"] },
      },
      interviews: {
        columns: {
          id: "text primary key",
          person_id: personId,
          cohort_id: cohortId,
          firm: "text not null",
          role: "text not null",
          interview_date: "text not null",
          created_at: "text not null",
          updated_at: "text not null",
        },
        indexes: { interviews_person: ["person_id"], interviews_cohort: ["cohort_id"] },
      },
      offers: {
        columns: {
          id: "text primary key",
          person_id: personId,
          cohort_id: cohortId,
          firm: "text not null",
          role: "text not null",
          track: "text not null",
          kind: "text not null",
          start_date: "text",
          compensation: "text",
          reported_at: "text not null",
          confirmed_at: "text",
          confirmed_by: "text",
          confirmed_by_id: "text",
        },
        indexes: { offers_person: ["person_id"], offers_cohort: ["cohort_id"] },
      },
      withdrawals: {
        columns: {
          id: "text primary key",
          person_id: personId,
          cohort_id: cohortId,
          payment_id: "text not null",
          kind: "text not null",
          reason: "text not null",
          rule: "text not null",
          status: notNullDefault("text", "requested"),
          requested_at: "text not null",
          decided_at: "text",
          decided_by_id: "text",
          decision_note: "text",
          refund_cents: column("integer"),
        },
        indexes: { withdrawals_person: ["person_id"], withdrawals_cohort: ["cohort_id"] },
      },
      surveys: {
        columns: {
          id: "text primary key",
          person_id: personId,
          cohort_id: cohortId,
          mentor_id: "text",
          sent_at: "text not null",
          reminded_at: "text",
          answered_at: "text",
          score: column("integer"),
          helped: "text",
          change: "text",
        },
        constraints: (t) =>
          t.addUniqueConstraint("surveys_person_cohort", ["person_id", "cohort_id"]),
        indexes: { surveys_cohort: ["cohort_id"] },
      },
      testimonials: {
        columns: {
          id: "text primary key",
          person_id: column("text", (c) =>
            c.notNull().unique().references("people.id").onDelete("cascade"),
          ),
          offer_id: column("text", (c) => c.notNull().references("offers.id").onDelete("cascade")),
          status: notNullDefault("text", "requested"),
          quote: "text",
          published_quote: "text",
          consent: "text",
          consent_words: "text",
          consent_at: "text",
          consent_withdrawn_at: "text",
          photo_upload_id: "text",
          position: notNullDefault("integer", 0),
          asked_at: "text not null",
          submitted_at: "text",
          approved_at: "text",
          updated_at: "text not null",
        },
      },
      outcome_settings: {
        columns: {
          id: "text primary key",
          min_group_sessions: notNullDefault("integer", 4),
          min_one_on_ones: notNullDefault("integer", 4),
          show_offer_count: notNullDefault("integer", 0),
          updated_at: "text not null",
        },
      },
    });
    // One open request to leave per seat: a second one while the first waits is refused.
    await db.schema
      .createIndex("withdrawals_one_open")
      .on("withdrawals")
      .columns(["payment_id"])
      .unique()
      .where(sql.ref("status"), "=", "requested")
      .execute();
  },
};
