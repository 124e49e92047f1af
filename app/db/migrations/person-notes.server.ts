import type { Kysely, Migration } from "kysely";
import { createTable, personId } from "./ddl.server";

/** The owner's (and later the mentors') private notes on a person; never shown to the person. */
export const personNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "person_notes", {
      columns: {
        id: "text primary key",
        person_id: personId,
        author: "text not null",
        body: "text not null",
        created_at: "text not null",
      },
      indexes: { person_notes_person: ["person_id", "created_at"] },
    });
  },
};
