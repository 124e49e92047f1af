import type { Kysely, Migration } from "kysely";
import { addColumns, notNullDefault } from "./ddl.server";

/**
 * The graduation rule may count assignments (issue 48, item 4): the owner's minimum of
 * assignments submitted, 0 (the default, every existing site included) leaving them out.
 */
export const graduationAssignments: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "outcome_settings", {
      min_assignments: notNullDefault("integer", 0),
    });
  },
};
