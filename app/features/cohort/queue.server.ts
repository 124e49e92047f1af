import { randomUUID } from "node:crypto";
import type { DB, Db } from "~/db/database.server";
import type { QueueStatus } from "~/db/schema";

/**
 * Puts a person at the end of a cohort's seat queue. Someone already waiting, offered or enrolled
 * keeps their place; someone whose earlier offer ended (or who was removed) joins again at the end.
 */
export async function joinQueue(db: Db, cohortId: string, personId: string, nowIso: string) {
  const last = await db
    .selectFrom("waitlist_entries")
    .select((eb) => eb.fn.max("position").as("p"))
    .where("cohort_id", "=", cohortId)
    .executeTakeFirst();
  const position = Number(last?.p ?? 0) + 1;
  await db
    .insertInto("waitlist_entries")
    .values({
      id: randomUUID(),
      cohort_id: cohortId,
      person_id: personId,
      position,
      status: "waiting",
      hold_id: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) =>
      oc
        .columns(["cohort_id", "person_id"])
        .doUpdateSet({ status: "waiting", position, hold_id: null, updated_at: nowIso })
        .where("waitlist_entries.status", "in", ["expired", "declined", "removed"]),
    )
    .execute();
}

/** Takes a person out of a cohort's queue (they enrolled, or the owner removed them). */
export async function leaveQueue(
  db: Db,
  cohortId: string,
  personId: string,
  status: Extract<QueueStatus, "enrolled" | "removed">,
  nowIso: string,
) {
  await db
    .updateTable("waitlist_entries")
    .set({ status, updated_at: nowIso })
    .where("cohort_id", "=", cohortId)
    .where("person_id", "=", personId)
    .where("status", "in", ["waiting", "offered"])
    .execute();
}

/**
 * Takes an open place out of a queue: its open offer, if any, is withdrawn (the seat goes back to
 * the next offer round). False when the place was no longer open.
 */
export async function withdrawPlace(
  db: Db,
  entry: { id: string; hold_id: string | null },
  nowIso: string,
): Promise<boolean> {
  if (entry.hold_id) {
    await db
      .updateTable("seat_holds")
      .set({ status: "released", offer_token_hash: null, updated_at: nowIso })
      .where("id", "=", entry.hold_id)
      .where("status", "=", "held")
      .execute();
  }
  const removed = await db
    .updateTable("waitlist_entries")
    .set({ status: "removed", updated_at: nowIso })
    .where("id", "=", entry.id)
    .where("status", "in", ["waiting", "offered"])
    .executeTakeFirst();
  return Number(removed.numUpdatedRows) > 0;
}

export interface QueueEntry {
  id: string;
  personId: string;
  name: string;
  email: string;
  position: number;
  status: QueueStatus;
  joinedAt: string;
  offerEndsAt: string | null;
}

/** A cohort's queue as the owner sees it: open places first (offered, then waiting, in order). */
export async function listQueue(db: DB, cohortId: string): Promise<QueueEntry[]> {
  const rows = await db
    .selectFrom("waitlist_entries as e")
    .innerJoin("people as p", "p.id", "e.person_id")
    .leftJoin("seat_holds as h", "h.id", "e.hold_id")
    .select([
      "e.id",
      "e.person_id",
      "e.position",
      "e.status",
      "e.created_at",
      "p.first_name",
      "p.last_name",
      "p.email",
      "h.expires_at",
    ])
    .where("e.cohort_id", "=", cohortId)
    .orderBy("e.position")
    .orderBy("e.created_at")
    .execute();
  const rank: Record<QueueStatus, number> = {
    offered: 0,
    waiting: 1,
    enrolled: 2,
    expired: 3,
    declined: 3,
    removed: 3,
  };
  return rows
    .map((row) => ({
      id: row.id,
      personId: row.person_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      position: Number(row.position),
      status: row.status,
      joinedAt: row.created_at,
      offerEndsAt: row.status === "offered" ? row.expires_at : null,
    }))
    .sort((a, b) => rank[a.status] - rank[b.status]);
}

/** Swaps a waiting entry with the waiting one just ahead of it; false when it is already first. */
export async function moveUp(db: Db, entryId: string, nowIso: string): Promise<boolean> {
  const entry = await db
    .selectFrom("waitlist_entries")
    .select(["id", "cohort_id", "position"])
    .where("id", "=", entryId)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  if (!entry) return false;
  const ahead = await db
    .selectFrom("waitlist_entries")
    .select(["id", "position"])
    .where("cohort_id", "=", entry.cohort_id)
    .where("status", "=", "waiting")
    .where("position", "<", entry.position)
    .orderBy("position", "desc")
    .executeTakeFirst();
  if (!ahead) return false;
  await db
    .updateTable("waitlist_entries")
    .set({ position: ahead.position, updated_at: nowIso })
    .where("id", "=", entry.id)
    .execute();
  await db
    .updateTable("waitlist_entries")
    .set({ position: entry.position, updated_at: nowIso })
    .where("id", "=", ahead.id)
    .execute();
  return true;
}
