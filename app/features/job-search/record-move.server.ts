import { randomUUID } from "node:crypto";
import type { Trx } from "~/db/database.server";
import { liveSeat } from "~/features/enrollment/seat-queries.server";
import { MAX_INTERVIEWS, MAX_OFFERS } from "~/features/outcomes/outcome-forms";
import { firstDateColumn } from "./first-dates";
import type { Stage } from "./stages";

/**
 * The one place an application's stage moves (decision 0063), in the caller's transaction: the
 * current entry taken off, the new one written, the row's first date of the stage kept (decision
 * 0068), and for a move to Interview or Offer its detail row (`interviews`, `offers`) naming the
 * application and the move. Nothing else writes those tables, so the interviews and offers the
 * deep-dive, the mentor's confirmation and the outcomes report read are the applications' moves.
 * The row's cohort is the student's live seat's.
 */

export interface OfferDetail {
  kind: "internship" | "full_time";
  startDate: string | null;
  compensation: string | null;
  /** The track the student chose for it (/portal/interviews); else the application's, or "other". */
  track?: string;
}

export interface RecordMove {
  application: { id: string; personId: string; track: string | null };
  firm: string;
  role: string;
  /** The current entry it moves from; null for the first entry of a new application. */
  current: { moveId: string; stage: Stage } | null;
  to: Stage;
  round: number | null;
  note: string | null;
  /** For a move to Interview: its day (YYYY-MM-DD). */
  interviewDate?: string;
  /** For a move to Offer. */
  offer?: OfferDetail;
  by: { role: "student" | "mentor"; id: string };
}

export type DetailRefusal = "no_seat" | "too_many_interviews" | "too_many_offers";

export type RecordOutcome =
  | { kind: "moved"; moveId: string; detailId: string | null }
  | { kind: "moved_meanwhile" | DetailRefusal };

const countIn = async (trx: Trx, table: "interviews" | "offers", personId: string) =>
  Number(
    (
      await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .where("person_id", "=", personId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Why a move of the person's application to `to` cannot write its detail row (no live seat, the
 * most interviews or offers there can be), or the seat's cohort it is written in.
 */
export async function detailRefusal(
  trx: Trx,
  personId: string,
  to: Stage,
): Promise<{ refusal: DetailRefusal } | { cohortId: string | null }> {
  if (to !== "interview" && to !== "offer") return { cohortId: null };
  const seat = await liveSeat(trx, personId).select("payments.cohort_id").executeTakeFirst();
  if (!seat) return { refusal: "no_seat" };
  if (to === "interview" && (await countIn(trx, "interviews", personId)) >= MAX_INTERVIEWS)
    return { refusal: "too_many_interviews" };
  if (to === "offer" && (await countIn(trx, "offers", personId)) >= MAX_OFFERS)
    return { refusal: "too_many_offers" };
  return { cohortId: seat.cohort_id };
}

export async function recordMove(trx: Trx, move: RecordMove, now: Date): Promise<RecordOutcome> {
  const { application } = move;
  const personId = application.personId;
  const checked = await detailRefusal(trx, personId, move.to);
  if ("refusal" in checked) return { kind: checked.refusal };
  if (move.current) {
    const cleared = await trx
      .updateTable("job_application_moves")
      .set({ is_current: 0 })
      .where("id", "=", move.current.moveId)
      .where("is_current", "=", 1)
      .executeTakeFirst();
    if (Number(cleared.numUpdatedRows) !== 1) return { kind: "moved_meanwhile" };
  }
  const at = now.toISOString();
  const moveId = randomUUID();
  await trx
    .insertInto("job_application_moves")
    .values({
      id: moveId,
      application_id: application.id,
      at,
      from_stage: move.current?.stage ?? null,
      to_stage: move.to,
      round: move.round,
      note: move.note,
      by_role: move.by.role,
      by_id: move.by.id,
      is_current: 1,
    })
    .execute();
  let touched = trx
    .updateTable("job_applications")
    .set({ updated_at: at })
    .where("id", "=", application.id);
  const first = firstDateColumn(move.to);
  // The row's first date of the stage, unless an earlier move of it set one already.
  if (first)
    touched = touched.set(first, (eb) =>
      eb
        .case()
        .when(eb.or([eb(first, "is", null), eb(first, ">", at)]))
        .then(at)
        .else(eb.ref(first))
        .end(),
    );
  await touched.execute();
  const cohortId = checked.cohortId;
  if (!cohortId) return { kind: "moved", moveId, detailId: null };
  const detailId = randomUUID();
  const row = {
    id: detailId,
    person_id: personId,
    cohort_id: cohortId,
    application_id: application.id,
    move_id: moveId,
    firm: move.firm,
    role: move.role,
  };
  if (move.to === "interview") {
    if (!move.interviewDate) throw new Error("a move to Interview says the interview's day");
    await trx
      .insertInto("interviews")
      .values({ ...row, interview_date: move.interviewDate, created_at: at, updated_at: at })
      .execute();
  } else {
    const offer = move.offer;
    if (!offer) throw new Error("a move to Offer says the offer's kind");
    await trx
      .insertInto("offers")
      .values({
        ...row,
        track: offer.track ?? application.track ?? "other",
        kind: offer.kind,
        start_date: offer.startDate,
        compensation: offer.compensation,
        reported_at: at,
        confirmed_at: null,
        confirmed_by: null,
        confirmed_by_id: null,
      })
      .execute();
  }
  return { kind: "moved", moveId, detailId };
}
