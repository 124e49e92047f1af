import type { Trx } from "~/db/database.server";

/** Records a provider event id; false when it was seen before (a replay). */
export async function recordEvent(
  trx: Trx,
  event: { id: string; type: string },
  nowIso: string,
): Promise<boolean> {
  const result = await trx
    .insertInto("webhook_events")
    .values({ id: event.id, type: event.type, received_at: nowIso })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
