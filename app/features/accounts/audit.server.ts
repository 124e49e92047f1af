import type { Db } from "~/db/database.server";

/** Who did what to whom, and when; details never hold passwords. */
export async function recordAudit(
  db: Db,
  actor: string,
  action: string,
  details: Record<string, unknown>,
  now: Date,
) {
  await db
    .insertInto("audit_log")
    .values({ actor, action, details: JSON.stringify(details), at: now.toISOString() })
    .execute();
}
