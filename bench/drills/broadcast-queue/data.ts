import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../../../app/db/database.server";
import { newPerson } from "../../../app/features/people/people.server";

export const SUBSCRIBED = 10_000;
/** People the broadcast must skip: unsubscribed, and subscribed but with a bounced address. */
export const UNSUBSCRIBED = 500;
export const UNDELIVERABLE = 200;
const INSERT_CHUNK = 500;

/** 10,000 subscribed people, 500 unsubscribed and 200 subscribed with an undeliverable address. */
export async function seedPeople(db: DB) {
  const now = new Date().toISOString();
  const tag = randomBytes(4).toString("hex");
  const people = [
    ...Array.from({ length: SUBSCRIBED }, (_, i) =>
      newPerson(`broadcast-${tag}-${i}@example.com`, now, {
        marketing: "subscribed",
        marketing_changed_at: now,
        first_name: `Reader${i}`,
      }),
    ),
    ...Array.from({ length: UNSUBSCRIBED }, (_, i) =>
      newPerson(`broadcast-${tag}-unsubscribed-${i}@example.com`, now, {
        marketing: "unsubscribed",
        marketing_changed_at: now,
        first_name: `Gone${i}`,
      }),
    ),
    ...Array.from({ length: UNDELIVERABLE }, (_, i) =>
      newPerson(`broadcast-${tag}-bounced-${i}@example.com`, now, {
        marketing: "subscribed",
        marketing_changed_at: now,
        first_name: `Bounced${i}`,
        undeliverable_at: now,
        undeliverable_reason: "550 mailbox unavailable (bench)",
      }),
    ),
  ];
  for (let i = 0; i < people.length; i += INSERT_CHUNK) {
    await db
      .insertInto("people")
      .values(people.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** The broadcast's outbox rows: all, distinct people, distinct dedupe keys, and skipped people. */
export async function outboxFigures(db: DB, broadcastId: string) {
  const { rows } = await sql<Record<"rows" | "people" | "keys" | "pending" | "skipped", string>>`
    select count(*) as "rows", count(distinct o.person_id) as "people",
      count(distinct o.dedupe_key) as "keys",
      sum(case when o.status = 'pending' then 1 else 0 end) as "pending",
      sum(case when p.marketing not in ('subscribed', 'cohort_news')
        or p.undeliverable_at is not null then 1 else 0 end) as "skipped"
    from outbox o join people p on p.id = o.person_id
    where o.broadcast_id = ${broadcastId}`.execute(db);
  const row = rows[0];
  return {
    rows: Number(row?.rows ?? 0),
    people: Number(row?.people ?? 0),
    keys: Number(row?.keys ?? 0),
    pending: Number(row?.pending ?? 0),
    skipped: Number(row?.skipped ?? 0),
  };
}

export async function broadcastRow(db: DB, id: string) {
  return db
    .selectFrom("broadcasts")
    .select(["status", "queued_count", "locked_until"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}
