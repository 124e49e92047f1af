import type { Kysely, Migration } from "kysely";
import { addColumns, notNullDefault } from "./ddl.server";

/**
 * Who wrote a note, as a role: 'owner' (the console, never shown to a mentor) or 'mentor' (shown
 * to the student's mentors and the owner). Notes written before mentors existed are the owner's.
 */
export const noteAuthorRole: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "person_notes", { author_role: notNullDefault("text", "owner") });
  },
};
