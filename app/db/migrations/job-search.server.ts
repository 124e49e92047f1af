import { sql, type Kysely, type Migration } from "kysely";
import { column, createTables, notNullDefault, personId } from "./ddl.server";

/**
 * A student's job search (issue 47, decision 0061): applications and the dated history of their
 * stages. One current stage per application is the database's rule: the partial unique index
 * `job_application_moves_one_current` allows one row with is_current = 1 per application, on
 * SQLite and PostgreSQL alike. Erasing the person deletes their applications and history.
 */
export const jobSearch: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      job_applications: {
        columns: {
          id: "text primary key",
          person_id: personId,
          firm: "text not null",
          role: "text not null",
          track: "text",
          url: "text",
          location: "text",
          deadline: "text",
          source: "text not null",
          contact: "text",
          next_step: "text",
          notes: "text",
          created_at: "text not null",
          updated_at: "text not null",
        },
        indexes: { job_applications_person: ["person_id", "created_at"] },
      },
      job_application_moves: {
        columns: {
          id: "text primary key",
          application_id: column("text", (c) =>
            c.notNull().references("job_applications.id").onDelete("cascade"),
          ),
          at: "text not null",
          from_stage: "text",
          to_stage: "text not null",
          round: column("integer"),
          note: "text",
          by_role: "text not null",
          by_id: "text not null",
          is_current: notNullDefault("integer", 0),
        },
        indexes: { job_application_moves_history: ["application_id", "at"] },
      },
    });
    await db.schema
      .createIndex("job_application_moves_one_current")
      .on("job_application_moves")
      .column("application_id")
      .unique()
      .where(sql.ref("is_current"), "=", 1)
      .execute();
  },
};
