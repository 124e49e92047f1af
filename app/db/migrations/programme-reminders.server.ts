import type { Kysely, Migration } from "kysely";
import { addColumns, notNullDefault } from "./ddl.server";

/**
 * A student may turn the programme's reminders off in their profile (issue 45, item 2): 1 (the
 * default, every existing profile included) sends the nudges, 0 does not. Their bookings' own
 * confirmations and changes still go.
 */
export const programmeReminders: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "student_profiles", {
      programme_reminders: notNullDefault("integer", 1),
    });
  },
};
