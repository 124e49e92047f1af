import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";
import { addIndex, notNull, personId, primaryKey } from "./ddl.server";

/**
 * Cohorts become a series: the single settings row moves into `cohorts` as the first, current
 * cohort (a fresh database gets the default one), and holds and payments name their cohort. A
 * partial unique index lets at most one cohort be current. Seat queues and the once-only ledger
 * for reminders arrive with it.
 */
export const cohortSeries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("cohorts")
      .addColumn("id", "text", primaryKey)
      .addColumn("start_date", "text")
      .addColumn("capacity", "integer", notNull)
      .addColumn("enrolled_count", "integer", notNull)
      .addColumn("is_active", "integer", notNull)
      .addColumn("is_current", "integer", notNull)
      .addColumn("created_at", "text", notNull)
      .addColumn("updated_at", "text", notNull)
      .execute();
    await db.schema
      .createIndex("cohorts_one_current")
      .on("cohorts")
      .column("is_current")
      .unique()
      .where(sql.ref("is_current"), "=", 1)
      .execute();
    const firstId = await moveSettingsRow(db);

    await db.schema.alterTable("seat_holds").addColumn("cohort_id", "text").execute();
    await db.schema
      .alterTable("seat_holds")
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("checkout"))
      .execute();
    await db.schema.alterTable("seat_holds").addColumn("offer_token_hash", "text").execute();
    await sql`update seat_holds set cohort_id = ${firstId}`.execute(db);
    const byCohort = ["cohort_id", "status", "expires_at"];
    await addIndex(db, "seat_holds_cohort_idx", "seat_holds", byCohort);
    await db.schema
      .createIndex("seat_holds_offer_token_idx")
      .on("seat_holds")
      .column("offer_token_hash")
      .unique()
      .execute();

    await db.schema.alterTable("payments").addColumn("cohort_id", "text").execute();
    await db.schema.alterTable("payments").addColumn("refund_reason", "text").execute();
    await db.schema.alterTable("payments").addColumn("refunded_at", "text").execute();
    await sql`update payments set cohort_id = ${firstId}`.execute(db);
    await addIndex(db, "payments_cohort_idx", "payments", ["cohort_id", "status"]);

    await db.schema
      .createTable("waitlist_entries")
      .addColumn("id", "text", primaryKey)
      .addColumn("cohort_id", "text", (c) => c.notNull().references("cohorts.id"))
      .addColumn("person_id", "text", personId)
      .addColumn("position", "integer", notNull)
      .addColumn("status", "text", notNull)
      .addColumn("hold_id", "text")
      .addColumn("created_at", "text", notNull)
      .addColumn("updated_at", "text", notNull)
      .addUniqueConstraint("waitlist_entries_person_uq", ["cohort_id", "person_id"])
      .execute();
    const queueOrder = ["cohort_id", "status", "position"];
    await addIndex(db, "waitlist_entries_queue_idx", "waitlist_entries", queueOrder);

    await db.schema
      .createTable("sent_once")
      .addColumn("key", "text", primaryKey)
      .addColumn("at", "text", notNull)
      .execute();
  },
};

/** Copies the old single `cohort` row (or the defaults) into `cohorts`, drops `cohort`, returns the id. */
async function moveSettingsRow(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{
    start_date: string | null;
    capacity: number;
    enrolled_count: number;
    is_active: number;
    updated_at: string;
  }>`select start_date, capacity, enrolled_count, is_active, updated_at from cohort`.execute(db);
  const old = rows[0];
  const firstId = randomUUID();
  const at = old?.updated_at ?? new Date().toISOString();
  await sql`insert into cohorts (id, start_date, capacity, enrolled_count, is_active, is_current, created_at, updated_at)
    values (${firstId}, ${old?.start_date ?? null}, ${old?.capacity ?? 10}, ${old?.enrolled_count ?? 0}, ${old?.is_active ?? 1}, 1, ${at}, ${at})`.execute(
    db,
  );
  await db.schema.dropTable("cohort").execute();
  return firstId;
}
