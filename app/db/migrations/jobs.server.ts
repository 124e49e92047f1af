import type { Kysely, Migration } from "kysely";
import { column, createTable } from "./ddl.server";

/**
 * One row per periodic job: its lease (which instance runs it now), when it is due next, and what
 * its last run did, for the console. It replaces `job_runs`, a row per run of the housekeeping
 * jobs only.
 */
export const jobs: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "jobs", {
      columns: {
        name: "text primary key",
        due_at: "text not null",
        lease_until: "text",
        last_started_at: "text",
        last_finished_at: "text",
        last_ms: column("integer"),
        last_result: "text",
        last_error: "text",
      },
    });
    await db.schema.dropTable("job_runs").execute();
  },
};
