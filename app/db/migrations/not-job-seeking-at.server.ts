import { sql, type Kysely, type Migration } from "kysely";
import { addColumns } from "./ddl.server";

/**
 * When a student declared they are not job seeking this year (decision 0048): CIRR leaves a
 * graduate out of placement only if they declared it by the census day (the last full-refund
 * date), so the moment is kept; null while job seeking. A declaration already stored has no
 * moment of its own: it takes the profile's last save, the latest it can have been made, so it
 * excludes only a student who provably declared in time. One statement over the declared rows.
 */
export const notJobSeekingAt: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "student_profiles", { not_job_seeking_at: "text" });
    await sql`update student_profiles set not_job_seeking_at = updated_at where job_seeking = 0`.execute(
      db,
    );
  },
};
