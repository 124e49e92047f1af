import type { Kysely, Migration } from "kysely";
import { column, createTable } from "./ddl.server";

/**
 * Notes on a job application that are not moves (issue 47, item 5; decision 0065): a mentor's
 * word on one of their student's applications, dated and signed (by_role, by_id). Kept apart from
 * the stage history so nothing that reads stages (reports, outcomes) mistakes a note for a move.
 * Deleting the application deletes its notes.
 */
export const jobApplicationNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "job_application_notes", {
      columns: {
        id: "text primary key",
        application_id: column("text", (c) =>
          c.notNull().references("job_applications.id").onDelete("cascade"),
        ),
        at: "text not null",
        body: "text not null",
        by_role: "text not null",
        by_id: "text not null",
      },
      indexes: { job_application_notes_application: ["application_id", "at"] },
    });
  },
};
