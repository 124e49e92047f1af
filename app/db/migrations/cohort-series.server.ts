import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";
import {
  addColumns,
  addIndex,
  addUniqueIndex,
  column,
  createTable,
  notNullDefault,
  personId,
  type Columns,
} from "./ddl.server";

/**
 * A cohort of the series: the settings the single `cohort` row had, then which one is current and
 * when it was made. Written out here, not taken from the initial migration: each migration keeps
 * its own copy of what it ran.
 */
const cohortsColumns: Columns = {
  id: "text primary key",
  start_date: "text",
  capacity: "integer not null",
  enrolled_count: "integer not null",
  is_active: "integer not null",
  is_current: "integer not null",
  created_at: "text not null",
  updated_at: "text not null",
};

/**
 * Cohorts become a series: the single settings row moves into `cohorts` as the first, current
 * cohort (a fresh database gets the default one), and holds and payments name their cohort. A
 * partial unique index lets at most one cohort be current. Seat queues and the once-only ledger
 * for reminders arrive with it.
 */
export const cohortSeries: Migration = {
  async up(db: Kysely<unknown>) {
    await createTable(db, "cohorts", { columns: cohortsColumns });
    await db.schema
      .createIndex("cohorts_one_current")
      .on("cohorts")
      .column("is_current")
      .unique()
      .where(sql.ref("is_current"), "=", 1)
      .execute();
    const firstId = await moveSettingsRow(db);

    await addColumns(db, "seat_holds", {
      cohort_id: "text",
      kind: notNullDefault("text", "checkout"),
      offer_token_hash: "text",
    });
    await sql`update seat_holds set cohort_id = ${firstId}`.execute(db);
    const byCohort = ["cohort_id", "status", "expires_at"];
    await addIndex(db, "seat_holds_cohort_idx", "seat_holds", byCohort);
    await addUniqueIndex(db, "seat_holds_offer_token_idx", "seat_holds", ["offer_token_hash"]);

    await addColumns(db, "payments", {
      cohort_id: "text",
      refund_reason: "text",
      refunded_at: "text",
    });
    await sql`update payments set cohort_id = ${firstId}`.execute(db);
    await addIndex(db, "payments_cohort_idx", "payments", ["cohort_id", "status"]);

    await createTable(db, "waitlist_entries", {
      columns: {
        id: "text primary key",
        cohort_id: column("text", (c) => c.notNull().references("cohorts.id")),
        person_id: personId,
        position: "integer not null",
        status: "text not null",
        hold_id: "text",
        created_at: "text not null",
        updated_at: "text not null",
      },
      constraints: (t) =>
        t.addUniqueConstraint("waitlist_entries_person_uq", ["cohort_id", "person_id"]),
      indexes: { waitlist_entries_queue_idx: ["cohort_id", "status", "position"] },
    });

    await createTable(db, "sent_once", {
      columns: { key: "text primary key", at: "text not null" },
    });
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
