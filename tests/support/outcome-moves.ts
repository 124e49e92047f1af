import type { Db } from "../../app/db/database.server";
import { insertApplication } from "../../app/features/job-search/job-search.server";

/**
 * What an interview or offer row written by a test names (decision 0063): a new application of
 * the person at `firm` and `role` whose one entry is a move to `stage` at `at`, as the app's move
 * would write it. Spread into the row: `{ ...row, ...(await fromApplication(...)) }`.
 */
export async function fromApplication(
  db: Db,
  personId: string,
  stage: "interview" | "offer",
  at: string,
  names: { firm: string; role: string } = { firm: "Acme Capital", role: "Analyst" },
): Promise<{ application_id: string; move_id: string }> {
  const fields = {
    ...names,
    track: null,
    url: null,
    location: null,
    deadline: null,
    source: "other" as const,
    contact: null,
    nextStep: null,
    notes: null,
  };
  const move = { at, from: null, to: stage, round: stage === "interview" ? 1 : null, note: null };
  const applicationId = await insertApplication(db, personId, fields, [move], at);
  const current = await db
    .selectFrom("job_application_moves")
    .select("id")
    .where("application_id", "=", applicationId)
    .where("is_current", "=", 1)
    .executeTakeFirstOrThrow();
  return { application_id: applicationId, move_id: current.id };
}
