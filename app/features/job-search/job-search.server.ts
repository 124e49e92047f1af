import { randomUUID } from "node:crypto";
import type { Db, DB } from "~/db/database.server";
import type { Services } from "~/context";
import { readerZone } from "~/features/portal/reader-zone";
import { firstDates } from "./first-dates";
import type { ApplicationFields, MoveInput } from "./job-search-forms";
import { MAX_APPLICATIONS } from "./job-search-forms";
import { holdsOutcomes } from "./move-details.server";
import { recordMove, type DetailRefusal } from "./record-move.server";
import { moveRefusal, type MoveRefusal, type Stage } from "./stages";

/**
 * A student's applications and their stages in the database (issue 47, decision 0061). Every
 * query names the student: an application of someone else is, to them, not there. Each stage is
 * a row of job_application_moves; the current one has is_current = 1, and the database allows
 * one such row per application.
 */

export interface Move {
  at: string;
  from: Stage | null;
  to: Stage;
  round: number | null;
  note: string | null;
}

/** The zone the student reads times in (their saved one, else their browser's, else the site's). */
export async function studentZone(services: Services, personId: string, browser: string | null) {
  const profile = await services.db
    .selectFrom("student_profiles")
    .select("time_zone")
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return readerZone(profile?.time_zone ?? null, browser, services.config.siteTimeZone);
}

/** Applications (`a`) joined to their current move (`m`): the one way to read a current stage. */
export function withCurrentMove(db: Db) {
  return db
    .selectFrom("job_applications as a")
    .innerJoin("job_application_moves as m", (join) =>
      join.onRef("m.application_id", "=", "a.id").on("m.is_current", "=", 1),
    );
}

export function applicationsOf(db: Db, personId: string) {
  return withCurrentMove(db)
    .selectAll("a")
    .select(["m.id as move_id", "m.to_stage as stage", "m.round", "m.at as moved_at"])
    .where("a.person_id", "=", personId)
    .orderBy("a.created_at", "desc")
    .orderBy("a.id");
}

/** The student's applications with their current stage (the latest added first). */
export async function listApplications(db: Db, personId: string) {
  return applicationsOf(db, personId).execute();
}

export const countOf = async (db: Db, personId: string) =>
  Number(
    (
      await db
        .selectFrom("job_applications")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("person_id", "=", personId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What an application says, as its row's columns. */
const columnsOf = (fields: ApplicationFields) => ({
  firm: fields.firm,
  role: fields.role,
  track: fields.track,
  url: fields.url,
  location: fields.location,
  deadline: fields.deadline,
  source: fields.source,
  contact: fields.contact,
  next_step: fields.nextStep,
  notes: fields.notes,
});

export async function insertApplication(
  db: Db,
  personId: string,
  fields: ApplicationFields,
  moves: readonly Move[],
  nowIso: string,
) {
  const id = randomUUID();
  await db
    .insertInto("job_applications")
    .values({
      id,
      person_id: personId,
      ...columnsOf(fields),
      ...firstDates(moves),
      created_at: nowIso,
      updated_at: nowIso,
    })
    .execute();
  // A new application's first entry may be a move of its own (recordMove).
  if (moves.length === 0) return id;
  await db
    .insertInto("job_application_moves")
    .values(
      moves.map((move, i) => ({
        id: randomUUID(),
        application_id: id,
        at: move.at,
        from_stage: move.from,
        to_stage: move.to,
        round: move.round,
        note: move.note,
        by_role: "student",
        by_id: personId,
        is_current: i === moves.length - 1 ? 1 : 0,
      })),
    )
    .execute();
  return id;
}

/** Adds an application as Wishlist or Applied; refused past MAX_APPLICATIONS. */
export async function addApplication(
  services: Services,
  personId: string,
  input: ApplicationFields & { stage: "wishlist" | "applied" },
): Promise<"saved" | "too_many"> {
  const now = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    if ((await countOf(trx, personId)) >= MAX_APPLICATIONS) return "too_many";
    const move = { at: now, from: null, to: input.stage, round: null, note: null };
    await insertApplication(trx, personId, input, [move], now);
    return "saved";
  });
}

/** Saves new details of the student's application; false when it is not theirs. */
export async function editApplication(
  services: Services,
  personId: string,
  id: string,
  fields: ApplicationFields,
): Promise<boolean> {
  const result = await services.db
    .updateTable("job_applications")
    .set({
      ...columnsOf(fields),
      updated_at: services.clock.now().toISOString(),
    })
    .where("id", "=", id)
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type MoveOutcome =
  | { kind: "moved"; stage: Stage; round: number | null }
  | { kind: "not_found" | "moved_meanwhile" | MoveRefusal | DetailRefusal };

/**
 * Moves the student's application to a stage, as a new current entry of its history made by the
 * student or (`by`) their mentor, with the interview or offer it reports (recordMove). The entry the form was drawn from (`move.moveId`)
 * must still be current: it is taken off in the same statement that checks it, so of two moves at
 * once one wins and the other is refused.
 */
export async function moveApplication(
  services: Services,
  personId: string,
  id: string,
  move: MoveInput,
  by: { role: "student" | "mentor"; id: string } = { role: "student", id: personId },
): Promise<MoveOutcome> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx): Promise<MoveOutcome> => {
    const application = await applicationsOf(trx, personId)
      .where("a.id", "=", id)
      .executeTakeFirst();
    if (!application) return { kind: "not_found" };
    if (application.move_id !== move.moveId) return { kind: "moved_meanwhile" };
    const from = { stage: application.stage, round: application.round };
    // The form's round field is there for Interview; any other stage has none.
    const round = move.to === "interview" ? move.round : null;
    const refusal = moveRefusal(from, { stage: move.to, round });
    if (refusal) return { kind: refusal };
    const recorded = await recordMove(
      trx,
      {
        application: { id, personId, track: application.track },
        firm: application.firm,
        role: application.role,
        current: { moveId: move.moveId, stage: from.stage },
        to: move.to,
        round,
        note: move.note,
        interviewDate: move.interviewDate,
        offer: move.kind
          ? {
              kind: move.kind,
              startDate: move.startDate ?? null,
              compensation: move.compensation ?? null,
            }
          : undefined,
        by,
      },
      now,
    );
    if (recorded.kind !== "moved") return recorded;
    return { kind: "moved", stage: move.to, round };
  });
}

/**
 * Deletes the student's application, its history and notes: "not_found" when it is not theirs, "holds"
 * when it holds an interview or an offer (the programme's outcomes keep them; decision 0063).
 */
export async function deleteApplication(
  db: DB,
  personId: string,
  id: string,
): Promise<"deleted" | "not_found" | "holds"> {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("job_applications")
      .select("id")
      .where("id", "=", id)
      .where("person_id", "=", personId)
      .executeTakeFirst();
    if (!own) return "not_found";
    if (await holdsOutcomes(trx, id)) return "holds";
    await trx.deleteFrom("job_application_notes").where("application_id", "=", id).execute();
    await trx.deleteFrom("job_application_moves").where("application_id", "=", id).execute();
    await trx.deleteFrom("job_applications").where("id", "=", id).execute();
    return "deleted";
  });
}
