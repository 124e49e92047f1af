import type { DB } from "~/db/database.server";
import type { OutboxStatus } from "~/db/schema";
import { PAGE_SIZE } from "~/features/people/people-query.server";

export async function emailLog(db: DB, filter: { status?: OutboxStatus; page?: number }) {
  const page = Math.max(1, filter.page ?? 1);
  let query = db.selectFrom("outbox");
  if (filter.status) query = query.where("status", "=", filter.status);
  const [rows, total] = await Promise.all([
    query
      .select([
        "id",
        "kind",
        "to_address",
        "subject",
        "status",
        "attempts",
        "last_error",
        "created_at",
        "sent_at",
        "send_after",
        "person_id",
      ])
      .orderBy("created_at", "desc")
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  // Addresses a mail server refused for good (a 5xx): flagged in the log until the owner clears it.
  const addresses = [...new Set(rows.map((row) => row.to_address))];
  const flagged = addresses.length
    ? await db
        .selectFrom("people")
        .select("email")
        .where("email", "in", addresses)
        .where("undeliverable_at", "is not", null)
        .execute()
    : [];
  const undeliverable = new Set(flagged.map((row) => row.email));
  return {
    rows: rows.map((row) => ({ ...row, undeliverable: undeliverable.has(row.to_address) })),
    total: Number(total.n),
    page,
    pages: Math.max(1, Math.ceil(Number(total.n) / PAGE_SIZE)),
  };
}

export async function emailById(db: DB, id: string) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Puts a failed email back in the queue, to go out on the worker's next pass. */
export async function retryEmail(db: DB, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", send_after: now.toISOString(), locked_until: null, attempts: 0 })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
