import type { Db } from "~/db/database.server";
import { longDate } from "~/features/cohort/cohort";
import { formatWhen } from "~/lib/time-zone";

/**
 * What the moves of an application reported (decision 0063), by move: the interview's day, or
 * the offer's kind and whether it is confirmed (when, in the reader's zone).
 */
export async function detailsOfMoves(db: Db, applicationId: string, zone: string, now: Date) {
  const [interviews, offers] = await Promise.all([
    db
      .selectFrom("interviews")
      .select(["move_id", "interview_date"])
      .where("application_id", "=", applicationId)
      .execute(),
    db
      .selectFrom("offers")
      .select(["move_id", "kind", "confirmed_at"])
      .where("application_id", "=", applicationId)
      .execute(),
  ]);
  const details = new Map<
    string,
    { interviewDate: string | null; offer: { kind: string; confirmed: string | null } | null }
  >();
  for (const row of interviews)
    details.set(row.move_id, { interviewDate: longDate(row.interview_date), offer: null });
  for (const row of offers) {
    const confirmed = row.confirmed_at ? formatWhen(new Date(row.confirmed_at), zone, now) : null;
    details.set(row.move_id, { interviewDate: null, offer: { kind: row.kind, confirmed } });
  }
  return details;
}

/** Whether an application holds an interview or an offer (the programme counts them). */
export async function holdsOutcomes(db: Db, applicationId: string): Promise<boolean> {
  const [interview, offer] = await Promise.all([
    db
      .selectFrom("interviews")
      .select("id")
      .where("application_id", "=", applicationId)
      .executeTakeFirst(),
    db
      .selectFrom("offers")
      .select("id")
      .where("application_id", "=", applicationId)
      .executeTakeFirst(),
  ]);
  return interview !== undefined || offer !== undefined;
}
