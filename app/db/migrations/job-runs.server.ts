import type { Kysely, Migration } from "kysely";
import { notNull } from "./ddl.server";

/**
 * One row per run of a scheduled job (a daily retention pass, a backup slot): the primary key
 * lets exactly one instance claim each run, whatever the number of instances.
 */
export const jobRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("job_runs")
      .addColumn("job", "text", notNull)
      .addColumn("slot", "text", notNull)
      .addColumn("claimed_at", "text", notNull)
      .addColumn("finished_at", "text")
      .addColumn("outcome", "text")
      .addPrimaryKeyConstraint("job_runs_pk", ["job", "slot"])
      .execute();
  },
};
