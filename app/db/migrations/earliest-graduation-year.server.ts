import type { Kysely, Migration } from "kysely";
import { addColumns, column } from "./ddl.server";

/**
 * The earliest graduation year the application and lead forms accept, a setting of each cohort.
 * Null (every existing cohort) means the current year, the spec's rule.
 */
export const earliestGraduationYear: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "cohorts", { earliest_graduation_year: column("integer") });
  },
};
