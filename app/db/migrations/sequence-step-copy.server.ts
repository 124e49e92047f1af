import type { Kysely, Migration } from "kysely";
import { createTable } from "./ddl.server";

/**
 * The owner's words for a nurture email, laid over the copy in app/features/marketing/nurture.words.ts: one row per
 * sequence and step (1-based, as the console and the outbox kinds count them). No row: the
 * content's own words.
 */
export const sequenceStepCopy: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "sequence_step_copy", {
      columns: {
        sequence: "text not null",
        step: "integer not null",
        subject: "text not null",
        body: "text not null",
        updated_by: "text not null",
        updated_at: "text not null",
      },
      constraints: (t) => t.addPrimaryKeyConstraint("sequence_step_copy_pk", ["sequence", "step"]),
    });
  },
};
