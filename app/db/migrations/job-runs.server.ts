import type { Kysely, Migration } from "kysely";
import { createTable } from "./ddl.server";

/**
 * One row per run of a scheduled job (a daily retention pass, a backup slot): the primary key
 * lets exactly one instance claim each run, whatever the number of instances.
 */
export const jobRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "job_runs", {
      columns: {
        job: "text not null",
        slot: "text not null",
        claimed_at: "text not null",
        finished_at: "text",
        outcome: "text",
      },
      constraints: (t) => t.addPrimaryKeyConstraint("job_runs_pk", ["job", "slot"]),
    });
  },
};
