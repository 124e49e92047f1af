import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";
import {
  addColumns,
  addIndex,
  addUniqueIndex,
  createTable,
  createTables,
  notNullDefault,
  personId,
} from "./ddl.server";

/** As app/features/people/people.server.ts makes them; a migration keeps its own copy of what it runs. */
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
    await addColumns(db, "people", {
      marketing: notNullDefault("text", "none"),
      marketing_changed_at: "text",
      unsubscribe_token: "text",
      undeliverable_at: "text",
      undeliverable_reason: "text",
    });
    const people = await sql<{ id: string }>`select id from people`.execute(db);
    for (const { id } of people.rows) {
      await sql`update people set unsubscribe_token = ${newUnsubscribeToken()} where id = ${id}`.execute(
        db,
      );
    }
    await addUniqueIndex(db, "people_unsubscribe_token", "people", ["unsubscribe_token"]);

    await createTable(db, "consents", {
      columns: {
        id: "text primary key",
        person_id: personId,
        given_at: "text not null",
        source: "text not null",
        wording: "text not null",
        mode: "text not null",
      },
      indexes: { consents_person: ["person_id"] },
    });

    await addColumns(db, "outbox", {
      category: notNullDefault("text", "transactional"),
      calendar: "text",
      broadcast_id: "text",
      dedupe_key: "text",
    });
    await addUniqueIndex(db, "outbox_dedupe_key", "outbox", ["dedupe_key"]);
    await addIndex(db, "outbox_broadcast", "outbox", ["broadcast_id", "status"]);
    await addIndex(db, "outbox_person_category", "outbox", ["person_id", "category", "created_at"]);

    await createTables(db, {
      sequence_runs: {
        columns: {
          person_id: personId,
          sequence: "text not null",
          step: "integer not null",
          status: "text not null",
          next_at: "text",
          started_at: "text not null",
          ended_at: "text",
          end_reason: "text",
        },
        constraints: (t) =>
          t.addPrimaryKeyConstraint("sequence_runs_pk", ["person_id", "sequence"]),
        indexes: { sequence_runs_due: ["status", "next_at"] },
      },
      sequence_settings: {
        columns: {
          sequence: "text primary key",
          paused: "integer not null",
          updated_at: "text not null",
        },
      },
      broadcasts: {
        columns: {
          id: "text primary key",
          request_key: "text not null unique",
          subject: "text not null",
          body: "text not null",
          category: "text not null",
          audience: "text not null",
          status: "text not null",
          send_at: "text not null",
          locked_until: "text",
          queued_count: "integer not null",
          queued_at: "text",
          created_by: "text not null",
          created_at: "text not null",
        },
        indexes: { broadcasts_due: ["status", "send_at"] },
      },
    });
  },
};
