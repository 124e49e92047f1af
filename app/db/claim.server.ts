import {
  PostgresAdapter,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
} from "kysely";
import type { DB } from "./database.server";
import type { Database } from "./schema";

/** Tables whose rows background workers take one by one: a text id and a lease column. */
export type ClaimableTable = {
  [T in keyof Database]: Database[T] extends { id: string; locked_until: string | null }
    ? T
    : never;
}[keyof Database];

export interface ClaimOptions<T extends ClaimableTable> {
  /** Which rows are waiting for work, besides not being leased to a worker right now. */
  due: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
  /** The column that decides which due rows go first (ascending). */
  orderBy: keyof Database[T] & string;
  now: Date;
  /** How long the rows stay reserved for this worker; after that (a crash) another may take them. */
  leaseMs: number;
  limit: number;
}

/**
 * The one way a background worker takes rows of a work table (outbox emails, due broadcasts), safe
 * with any number of app instances: in a single statement it picks up to `limit` due rows that
 * nobody holds, stamps their lease (`locked_until`) and returns them in `orderBy` order. On
 * PostgreSQL the pick uses FOR UPDATE SKIP LOCKED, so concurrent workers neither wait for each
 * other nor take the same row; on SQLite the statement runs under the single writer lock. The
 * worker then finishes each row (clearing `locked_until`) well within the lease; a worker that
 * dies leaves the lease to run out, and the row is taken again (at-least-once). Work that is
 * decided per cohort or per person (seat offers, reminders, sequence steps) is not a queue of
 * rows: it runs under that cohort's or person's row lock instead (lockCohort, runSequences).
 */
export async function claimRows<T extends ClaimableTable>(
  db: DB,
  table: T,
  options: ClaimOptions<T>,
): Promise<Selectable<Database[T]>[]> {
  const now = options.now.toISOString();
  const leasedUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Kysely cannot type a query over "any claimable table"; the view below has only the columns
  // every claimable table shares, and the caller's filter was typed against the real table.
  const leased = db as unknown as Kysely<
    Record<string, { id: string; locked_until: string | null }>
  >;
  const name: string = table;
  const due = options.due as unknown as (
    eb: ExpressionBuilder<Record<string, { id: string }>, string>,
  ) => Expression<SqlBool>;
  const rows = await leased
    .updateTable(name)
    .set({ locked_until: leasedUntil })
    .where("id", "in", (eb) => {
      const pick = eb
        .selectFrom(name)
        .select("id")
        .where(due)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", now)]))
        .orderBy(options.orderBy as "id")
        .limit(options.limit);
      return postgres ? pick.forUpdate().skipLocked() : pick;
    })
    .returningAll()
    .execute();
  // RETURNING follows the physical order of the update, not the pick's.
  const key = options.orderBy as "id";
  rows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
  return rows as unknown as Selectable<Database[T]>[];
}
