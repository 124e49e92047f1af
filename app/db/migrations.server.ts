import { randomUUID } from "node:crypto";
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";

export type Engine = "sqlite" | "postgres";

/**
 * Migrations live in code (not on disk) so the bundled server can always find them.
 * Each one receives the engine so the few type differences (identity, binary) stay here.
 */
function initial(engine: Engine): Migration {
  const binary = engine === "postgres" ? "bytea" : "blob";
  return {
    async up(db: Kysely<unknown>) {
      const serial = <T extends { primaryKey(): T; autoIncrement(): T }>(col: T) =>
        engine === "postgres" ? col.primaryKey() : col.primaryKey().autoIncrement();

      await db.schema
        .createTable("people")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("university", "text", (c) => c.notNull())
        .addColumn("graduation_year", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("lead_source", "text", (c) => c.notNull())
        .addColumn("tags", "text", (c) => c.notNull())
        .addColumn("lead_magnets", "text", (c) => c.notNull())
        .addColumn("first_touch", "text")
        .addColumn("last_touch", "text")
        .addColumn("last_lead_magnet_type", "text")
        .addColumn("last_lead_magnet_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("people_status_idx")
        .on("people")
        .columns(["status", "updated_at"])
        .execute();
      await db.schema.createIndex("people_created_idx").on("people").column("created_at").execute();

      await db.schema
        .createTable("status_history")
        .addColumn("id", engine === "postgres" ? "serial" : "integer", serial)
        .addColumn("person_id", "text", (c) =>
          c.notNull().references("people.id").onDelete("cascade"),
        )
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("status_history_person_idx")
        .on("status_history")
        .column("person_id")
        .execute();

      await db.schema
        .createTable("submissions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("person_id", "text", (c) =>
          c.notNull().references("people.id").onDelete("cascade"),
        )
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("form_data", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("utm", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("visitor_id", "text", (c) => c.notNull())
        .addColumn("fingerprint", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("submissions_person_idx")
        .on("submissions")
        .column("person_id")
        .execute();
      await db.schema
        .createIndex("submissions_fingerprint_idx")
        .on("submissions")
        .columns(["fingerprint", "created_at"])
        .execute();
      await db.schema
        .createIndex("submissions_created_idx")
        .on("submissions")
        .column("created_at")
        .execute();

      await db.schema
        .createTable("cohort")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("start_date", "text")
        .addColumn("capacity", "integer", (c) => c.notNull())
        .addColumn("enrolled_count", "integer", (c) => c.notNull())
        .addColumn("is_active", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("seat_holds")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("person_id", "text")
        .addColumn("email", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("session_id", "text", (c) => c.unique())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("seat_holds_status_idx")
        .on("seat_holds")
        .columns(["status", "expires_at"])
        .execute();

      await db.schema
        .createTable("payments")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("hold_id", "text", (c) => c.notNull())
        .addColumn("person_id", "text")
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("session_id", "text", (c) => c.notNull().unique())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("amount_cents", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("webhook_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("received_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("person_id", "text")
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("html", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("last_error", "text")
        .addColumn("send_after", "text", (c) => c.notNull())
        .addColumn("locked_until", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("sent_at", "text")
        .execute();
      await db.schema
        .createIndex("outbox_due_idx")
        .on("outbox")
        .columns(["status", "send_after"])
        .execute();
      await db.schema.createIndex("outbox_person_idx").on("outbox").column("person_id").execute();

      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("person_id", "text", (c) =>
          c.notNull().references("people.id").onDelete("cascade"),
        )
        .addColumn("submission_id", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("full_path", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("data", binary, (c) => c.notNull())
        .addColumn("review_status", "text", (c) => c.notNull())
        .addColumn("scheduled_for", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("uploads_review_idx")
        .on("uploads")
        .columns(["review_status", "created_at"])
        .execute();

      await db.schema
        .createTable("downloads")
        .addColumn("token", "text", (c) => c.primaryKey())
        .addColumn("person_id", "text", (c) =>
          c.notNull().references("people.id").onDelete("cascade"),
        )
        .addColumn("resource", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("first_downloaded_at", "text")
        .execute();

      await db.schema
        .createTable("admin_users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("is_admin", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("admin_user_id", "text", (c) =>
          c.notNull().references("admin_users.id").onDelete("cascade"),
        )
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("audit_log")
        .addColumn("id", engine === "postgres" ? "serial" : "integer", serial)
        .addColumn("actor", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("details", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .execute();
    },
  };
}

/** Seat holds remember the browser that took them, so one visitor holds at most one seat. */
const holdVisitor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("seat_holds").addColumn("visitor_id", "text").execute();
    await db.schema
      .createIndex("seat_holds_visitor_idx")
      .on("seat_holds")
      .column("visitor_id")
      .execute();
  },
};

/**
 * One row per run of a scheduled job (a daily retention pass, a backup slot): the primary key
 * lets exactly one instance claim each run, whatever the number of instances.
 */
const jobRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("job_runs")
      .addColumn("job", "text", (c) => c.notNull())
      .addColumn("slot", "text", (c) => c.notNull())
      .addColumn("claimed_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .addColumn("outcome", "text")
      .addPrimaryKeyConstraint("job_runs_pk", ["job", "slot"])
      .execute();
  },
};

/**
 * Rate-limit counters that every app instance on the database shares. PostgreSQL only: on SQLite
 * the site is one process and counts in memory. The columns are the ones rate-limiter-flexible's
 * RateLimiterPostgres reads and writes (it is told the table exists and never creates one).
 */
function rateLimits(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== "postgres") return;
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "varchar(255)", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
    },
  };
}

/**
 * Cohorts become a series: the single settings row moves into `cohorts` as the first, current
 * cohort (a fresh database gets the default one), and holds and payments name their cohort. A
 * partial unique index lets at most one cohort be current. Seat queues and the once-only ledger
 * for reminders arrive with it.
 */
const cohortSeries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("cohorts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("start_date", "text")
      .addColumn("capacity", "integer", (c) => c.notNull())
      .addColumn("enrolled_count", "integer", (c) => c.notNull())
      .addColumn("is_active", "integer", (c) => c.notNull())
      .addColumn("is_current", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("cohorts_one_current")
      .on("cohorts")
      .column("is_current")
      .unique()
      .where(sql.ref("is_current"), "=", 1)
      .execute();
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

    await db.schema.alterTable("seat_holds").addColumn("cohort_id", "text").execute();
    await db.schema
      .alterTable("seat_holds")
      .addColumn("kind", "text", (c) => c.notNull().defaultTo("checkout"))
      .execute();
    await db.schema.alterTable("seat_holds").addColumn("offer_token_hash", "text").execute();
    await sql`update seat_holds set cohort_id = ${firstId}`.execute(db);
    await db.schema
      .createIndex("seat_holds_cohort_idx")
      .on("seat_holds")
      .columns(["cohort_id", "status", "expires_at"])
      .execute();
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
    await db.schema
      .createIndex("payments_cohort_idx")
      .on("payments")
      .columns(["cohort_id", "status"])
      .execute();

    await db.schema
      .createTable("waitlist_entries")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("cohort_id", "text", (c) => c.notNull().references("cohorts.id"))
      .addColumn("person_id", "text", (c) =>
        c.notNull().references("people.id").onDelete("cascade"),
      )
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("hold_id", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addUniqueConstraint("waitlist_entries_person_uq", ["cohort_id", "person_id"])
      .execute();
    await db.schema
      .createIndex("waitlist_entries_queue_idx")
      .on("waitlist_entries")
      .columns(["cohort_id", "status", "position"])
      .execute();

    await db.schema
      .createTable("sent_once")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("at", "text", (c) => c.notNull())
      .execute();
  },
};

function provider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      return {
        "2026-11-22-001-initial": initial(engine),
        "2026-11-22-002-hold-visitor": holdVisitor,
        "2026-11-23-001-rate-limits": rateLimits(engine),
        "2026-11-24-001-job-runs": jobRuns,
        "2026-11-25-001-cohort-series": cohortSeries,
      };
    },
  };
}

/**
 * Applies every pending migration. Several instances may start at the same moment on an empty
 * database: each opens one transaction and takes an exclusive lock first (a PostgreSQL advisory
 * lock per schema, SQLite's write lock through BEGIN IMMEDIATE), so one migrates and the others
 * then find nothing to do. Kysely's own migration lock is taken only after it has created its
 * bookkeeping tables; ours covers that step too. Everything happens in that one transaction, so a
 * failed migration leaves nothing behind, and a transaction-pooling proxy (PgBouncer) keeps the
 * lock and the work on one server connection.
 *
 * `schema` names the PostgreSQL schema the tables live in, so the migrator looks for its own
 * bookkeeping tables there rather than in any schema of the database.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  engine: Engine,
  schema?: string,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql.raw(engine === "postgres" ? "begin" : "begin immediate").execute(connection);
    try {
      if (engine === "postgres") {
        const key = `fsts-migrate:${schema ?? "public"}`;
        await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(connection);
      }
      await migrate(connection, engine, schema);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function migrate(db: Kysely<unknown>, engine: Engine, schema: string | undefined) {
  const migrator = new Migrator({
    db,
    provider: provider(engine),
    // The caller's transaction already holds everything.
    disableTransactions: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration failed: ${failed?.migrationName ?? ""} ${String(error ?? "")}`);
  }
}
