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
