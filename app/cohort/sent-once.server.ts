import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/**
 * Claims a once-only key (for example one reminder per person and cohort). True for the first
 * caller only; call it in the transaction that queues the email, so the key and the email exist
 * together or not at all, whatever the number of workers racing for it.
 */
export async function sendOnce(db: Kysely<Database>, key: string, nowIso: string) {
  const result = await db
    .insertInto("sent_once")
    .values({ key, at: nowIso })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
