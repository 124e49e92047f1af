import { recordAudit } from "~/features/accounts/audit.server";
import { lockCohort } from "~/features/enrollment/seats.server";
import type { Services } from "~/context";
import { offerByHand } from "./offers.server";
import { moveUp, withdrawPlace } from "./queue.server";

export type QueueIntent = "move_up" | "remove" | "offer";
export type QueueOutcome = "moved_up" | "removed" | "offered" | "no_seat" | "not_waiting";

/**
 * What the owner does to one place in a seat queue. Each runs under the cohort's row lock, so it
 * never races the worker's offer round: move a waiting person up one place, take someone out (an
 * open offer of theirs is withdrawn and the seat goes to the next round), or offer a seat now.
 */
export async function ownerQueueAction(
  services: Services,
  actor: string,
  intent: QueueIntent,
  place: { cohortId: string; entryId: string },
): Promise<QueueOutcome> {
  const { cohortId, entryId } = place;
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const open = await services.db
    .selectFrom("waitlist_entries")
    .select("id")
    .where("id", "=", entryId)
    .where("cohort_id", "=", cohortId)
    .where("status", "in", ["waiting", "offered"])
    .executeTakeFirst();
  if (!open) return "not_waiting";
  if (intent === "offer") return offerByHand(services, actor, entryId, now);
  return services.db.transaction().execute(async (trx) => {
    await lockCohort(trx, services.engine, cohortId);
    const entry = await trx
      .selectFrom("waitlist_entries")
      .select(["id", "person_id", "hold_id"])
      .where("id", "=", entryId)
      .where("status", "in", ["waiting", "offered"])
      .executeTakeFirst();
    if (!entry) return "not_waiting";
    if (intent === "move_up") {
      if (!(await moveUp(trx, entryId, nowIso))) return "not_waiting";
      await recordAudit(trx, actor, "queue.move_up", { entryId, personId: entry.person_id }, now);
      return "moved_up";
    }
    if (!(await withdrawPlace(trx, entry, nowIso))) return "not_waiting";
    await recordAudit(trx, actor, "queue.remove", { entryId, personId: entry.person_id }, now);
    return "removed";
  });
}
