import type { DB } from "~/db/database.server";

/**
 * A mail server refused the address for good (a 5xx reply): no more marketing goes to anyone
 * with it, and the owner sees the flag on the person's page and in the email log until they
 * clear it. Transactional mail still tries (the person may have fixed their mailbox).
 */
export async function markUndeliverable(db: DB, address: string, reason: string, now: Date) {
  await db
    .updateTable("people")
    .set({
      undeliverable_at: now.toISOString(),
      undeliverable_reason: reason.slice(0, 300),
      updated_at: now.toISOString(),
    })
    .where("email", "=", address.toLowerCase())
    .where("undeliverable_at", "is", null)
    .execute();
}

export async function clearUndeliverable(db: DB, personId: string, now: Date) {
  const result = await db
    .updateTable("people")
    .set({ undeliverable_at: null, undeliverable_reason: null, updated_at: now.toISOString() })
    .where("id", "=", personId)
    .where("undeliverable_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
