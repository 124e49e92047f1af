import { sql, type Kysely, type Migration } from "kysely";
import { addColumns } from "./ddl.server";

/**
 * Each application's first move to Applied, to Interview and to Offer, kept on its row
 * (decision 0068) so the owner's cohort page counts a cohort's applications without grouping
 * their histories. Every writer of moves keeps them; the applications already stored take them
 * from their moves, in one statement.
 */
export const applicationFirstDates: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "job_applications", {
      first_applied_at: "text",
      first_interview_at: "text",
      first_offer_at: "text",
    });
    const first = (stage: string) =>
      sql`(select min(m.at) from job_application_moves m
        where m.application_id = job_applications.id and m.to_stage = ${stage})`;
    await sql`update job_applications set
      first_applied_at = ${first("applied")},
      first_interview_at = ${first("interview")},
      first_offer_at = ${first("offer")}`.execute(db);
  },
};
