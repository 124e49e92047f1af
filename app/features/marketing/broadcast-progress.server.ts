import { sql } from "kysely";
import type { Services } from "~/context";

/** Every broadcast, newest first, with its progress counted from the outbox. */
export async function listBroadcasts(services: Services) {
  const { db } = services;
  const broadcasts = await db
    .selectFrom("broadcasts")
    .select(["id", "subject", "category", "status", "send_at", "queued_count", "queued_at"])
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  if (broadcasts.length === 0) return [];
  const counts = await db
    .selectFrom("outbox")
    .select(["broadcast_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where(
      "broadcast_id",
      "in",
      broadcasts.map((b) => b.id),
    )
    .groupBy(["broadcast_id", "status"])
    .execute();
  const unsubscribed = await db
    .selectFrom("outbox")
    .innerJoin("people", "people.id", "outbox.person_id")
    .innerJoin("broadcasts", "broadcasts.id", "outbox.broadcast_id")
    .select(["outbox.broadcast_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where(
      "outbox.broadcast_id",
      "in",
      broadcasts.map((b) => b.id),
    )
    .where("people.marketing", "=", "unsubscribed")
    .where(sql<boolean>`people.marketing_changed_at >= broadcasts.queued_at`)
    .groupBy("outbox.broadcast_id")
    .execute();
  const count = (id: string, status: string) =>
    Number(counts.find((c) => c.broadcast_id === id && c.status === status)?.n ?? 0);
  return broadcasts.map((b) => ({
    ...b,
    queued: counts.filter((c) => c.broadcast_id === b.id).reduce((n, c) => n + Number(c.n), 0),
    sent: count(b.id, "sent"),
    failed: count(b.id, "failed"),
    suppressed: count(b.id, "suppressed"),
    unsubscribedSince: Number(unsubscribed.find((u) => u.broadcast_id === b.id)?.n ?? 0),
  }));
}
