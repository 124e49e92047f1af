import type { Services } from "~/context";
import { formatWhen } from "~/lib/time-zone";
import { applicationsOf } from "./job-search.server";
import { detailsOfMoves } from "./move-details.server";
import { nextStages, suggestedRound } from "./stages";

/**
 * One application's history as its student or their mentor reads it (issue 47): its moves and the
 * notes written on it, newest first, each saying who it was by as the reader sees it.
 */

/** Who reads an application's history: its student, or a mentor (by their id). */
export type HistoryReader = { role: "student" } | { role: "mentor"; mentorId: string };

/** Who an entry is by, as `reader` reads it: themselves, the student, or a mentor. */
function byOf(entry: { by_role: string; by_id: string }, reader: HistoryReader) {
  const mine =
    reader.role === "student"
      ? entry.by_role === "student"
      : entry.by_role === "mentor" && entry.by_id === reader.mentorId;
  if (mine) return "you" as const;
  return entry.by_role === "mentor" ? ("mentor" as const) : ("student" as const);
}

/**
 * One application of the student with its history (its moves and its notes, newest first), times
 * in `zone`; null when not theirs.
 */
export async function readApplication(
  services: Services,
  personId: string,
  id: string,
  zone: string,
  reader: HistoryReader = { role: "student" },
) {
  const { db, clock } = services;
  const application = await applicationsOf(db, personId).where("a.id", "=", id).executeTakeFirst();
  if (!application) return null;
  const [moves, notes] = await Promise.all([
    db
      .selectFrom("job_application_moves")
      .select(["id", "at", "from_stage", "to_stage", "round", "note", "by_role", "by_id"])
      .where("application_id", "=", id)
      .orderBy("at", "desc")
      .orderBy("is_current", "desc")
      .execute(),
    db
      .selectFrom("job_application_notes")
      .select(["id", "at", "body", "by_role", "by_id"])
      .where("application_id", "=", id)
      .orderBy("at", "desc")
      .orderBy("id")
      .execute(),
  ]);
  const now = clock.now();
  const current = { stage: application.stage, round: application.round };
  const when = (at: string) => formatWhen(new Date(at), zone, now);
  const details = await detailsOfMoves(db, id, zone, now);
  // Newest first: the entry after each move is the move it came from (with its round).
  const history = [
    ...moves.map(({ by_role, by_id, ...move }, i) => ({
      kind: "move" as const,
      ...move,
      fromRound: moves[i + 1]?.round ?? null,
      by: byOf({ by_role, by_id }, reader),
      when: when(move.at),
      interviewDate: details.get(move.id)?.interviewDate ?? null,
      offer: details.get(move.id)?.offer ?? null,
    })),
    ...notes.map(({ by_role, by_id, ...note }) => ({
      kind: "note" as const,
      ...note,
      by: byOf({ by_role, by_id }, reader),
      when: when(note.at),
    })),
  ].sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
  return {
    application,
    history,
    nextStages: nextStages(application.stage),
    suggestedRound: suggestedRound(current),
  };
}

export type HistoryEntry = NonNullable<
  Awaited<ReturnType<typeof readApplication>>
>["history"][number];
