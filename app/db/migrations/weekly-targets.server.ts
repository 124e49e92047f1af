import type { Kysely, Migration } from "kysely";
import { column, createTables, personId } from "./ddl.server";

/**
 * Weekly targets and networking (issue 47, item 4): the targets a student's mentor sets (one row
 * per student) and the networking conversations the student logs. Both belong to the student:
 * erasing the person deletes them, as it does their applications.
 */
export const weeklyTargets: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      job_search_targets: {
        columns: {
          person_id: column("text", (c) =>
            c.primaryKey().references("people.id").onDelete("cascade"),
          ),
          applications_per_week: "integer not null",
          conversations_per_week: "integer not null",
          set_by_role: "text not null",
          set_by_id: "text not null",
          updated_at: "text not null",
        },
      },
      networking_conversations: {
        columns: {
          id: "text primary key",
          person_id: personId,
          person_name: "text not null",
          firm: "text not null",
          date: "text not null",
          how: "text not null",
          follow_up: "text",
          notes: "text",
          created_at: "text not null",
          updated_at: "text not null",
        },
        indexes: { networking_conversations_person: ["person_id", "date"] },
      },
    });
  },
};
