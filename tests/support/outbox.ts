import type { DB } from "../../app/db/database.server";

/** Whom the emails of one kind are queued for, oldest first. */
export async function recipientsOf(db: DB, kind: string): Promise<string[]> {
  const rows = await db
    .selectFrom("outbox")
    .select("to_address")
    .where("kind", "=", kind)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.to_address);
}

/** The queued emails of one kind, by address, then oldest first. */
export function outboxRows(db: DB, kind: string) {
  return db
    .selectFrom("outbox")
    .selectAll()
    .where("kind", "=", kind)
    .orderBy("to_address")
    .orderBy("created_at")
    .execute();
}

/** `outboxRows` with each invite's folded lines joined (RFC 5545 folds lines at 75 octets). */
export async function outboxWithInvites(db: DB, kind: string) {
  return (await outboxRows(db, kind)).map((row) => ({
    ...row,
    calendar: row.calendar?.replace(/\r\n[ \t]/g, "") ?? null,
  }));
}
