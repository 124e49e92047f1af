import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";
import { addIndex, notNull, personId, primaryKey } from "./ddl.server";

/** As app/people/people.server.ts makes them; a migration keeps its own copy of what it runs. */
function newUnsubscribeToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Marketing mail: who may get it (people.marketing, consents as given), where it stops (an
 * unsubscribe token per person, undeliverable addresses), what each outbox row is (category,
 * broadcast, a dedupe key that makes queueing idempotent, an optional calendar invite), and the
 * nurture sequences and broadcasts that queue it.
 */
export const marketingMail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("people")
      .addColumn("marketing", "text", (c) => c.notNull().defaultTo("none"))
      .execute();
    for (const column of [
      "marketing_changed_at",
      "unsubscribe_token",
      "undeliverable_at",
      "undeliverable_reason",
    ]) {
      await db.schema.alterTable("people").addColumn(column, "text").execute();
    }
    const people = await sql<{ id: string }>`select id from people`.execute(db);
    for (const { id } of people.rows) {
      await sql`update people set unsubscribe_token = ${newUnsubscribeToken()} where id = ${id}`.execute(
        db,
      );
    }
    await db.schema
      .createIndex("people_unsubscribe_token")
      .on("people")
      .column("unsubscribe_token")
      .unique()
      .execute();

    await db.schema
      .createTable("consents")
      .addColumn("id", "text", primaryKey)
      .addColumn("person_id", "text", personId)
      .addColumn("given_at", "text", notNull)
      .addColumn("source", "text", notNull)
      .addColumn("wording", "text", notNull)
      .addColumn("mode", "text", notNull)
      .execute();
    await addIndex(db, "consents_person", "consents", ["person_id"]);

    await db.schema
      .alterTable("outbox")
      .addColumn("category", "text", (c) => c.notNull().defaultTo("transactional"))
      .execute();
    for (const column of ["calendar", "broadcast_id", "dedupe_key"]) {
      await db.schema.alterTable("outbox").addColumn(column, "text").execute();
    }
    await db.schema
      .createIndex("outbox_dedupe_key")
      .on("outbox")
      .column("dedupe_key")
      .unique()
      .execute();
    await addIndex(db, "outbox_broadcast", "outbox", ["broadcast_id", "status"]);
    await addIndex(db, "outbox_person_category", "outbox", ["person_id", "category", "created_at"]);

    await db.schema
      .createTable("sequence_runs")
      .addColumn("person_id", "text", personId)
      .addColumn("sequence", "text", notNull)
      .addColumn("step", "integer", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("next_at", "text")
      .addColumn("started_at", "text", notNull)
      .addColumn("ended_at", "text")
      .addColumn("end_reason", "text")
      .addPrimaryKeyConstraint("sequence_runs_pk", ["person_id", "sequence"])
      .execute();
    await addIndex(db, "sequence_runs_due", "sequence_runs", ["status", "next_at"]);

    await db.schema
      .createTable("sequence_settings")
      .addColumn("sequence", "text", primaryKey)
      .addColumn("paused", "integer", notNull)
      .addColumn("updated_at", "text", notNull)
      .execute();

    await db.schema
      .createTable("broadcasts")
      .addColumn("id", "text", primaryKey)
      .addColumn("request_key", "text", (c) => c.notNull().unique())
      .addColumn("subject", "text", notNull)
      .addColumn("body", "text", notNull)
      .addColumn("category", "text", notNull)
      .addColumn("audience", "text", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("send_at", "text", notNull)
      .addColumn("locked_until", "text")
      .addColumn("queued_count", "integer", notNull)
      .addColumn("queued_at", "text")
      .addColumn("created_by", "text", notNull)
      .addColumn("created_at", "text", notNull)
      .execute();
    await addIndex(db, "broadcasts_due", "broadcasts", ["status", "send_at"]);
  },
};
