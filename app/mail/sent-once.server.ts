import type { DB } from "~/db/database.server";
import { enqueueEmail, type OutboxMessage } from "./outbox.server";

/**
 * Claims a once-only key (for example one reminder per person and cohort). True for the first
 * caller only; call it in the transaction that queues the email, so the key and the email exist
 * together or not at all, whatever the number of workers racing for it.
 */
export async function sendOnce(db: DB, key: string, nowIso: string) {
  const result = await db
    .insertInto("sent_once")
    .values({ key, at: nowIso })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Queues one email at most once per occasion: claims `message.dedupeKey` with `sendOnce` and
 * queues the email in the same transaction, so every reminder and nudge job is safe to run twice
 * and on several instances. True when this call queued it.
 */
export async function queueEmailOnce(
  db: DB,
  message: OutboxMessage & { dedupeKey: string },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await sendOnce(trx, message.dedupeKey, now.toISOString()))) return false;
    await enqueueEmail(trx, message, now);
    return true;
  });
}
