import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateToLatest, type Engine } from "./migrations.server";
import type { Database } from "./schema";

export type DB = Kysely<Database>;
/** A transaction on the site's database. */
export type Trx = Transaction<Database>;
/** The database or a transaction on it: what a data-access function takes (the one `Db` type). */
export type Db = DB | Trx;

export interface DatabaseHandle {
  db: DB;
  engine: Engine;
  /** PostgreSQL only: the connection pool, shared with what needs a raw client (rate limits). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: a schema to work in (created when missing); tests use one per suite. */
  schema?: string;
  migrate?: boolean;
  /** SQLite only: the `synchronous` pragma, `full` unless a test relaxes it. */
  synchronous?: "full" | "normal" | "off";
}

export async function openDatabase(
  url: string,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const handle = url.startsWith("file:")
    ? openSqlite(url.slice("file:".length), options.synchronous ?? "full")
    : await openPostgres(url, options.schema);
  if (options.migrate !== false) {
    await migrateToLatest(
      handle.db as Kysely<unknown>,
      handle.engine,
      handle.engine === "postgres" ? (options.schema ?? "public") : undefined,
    );
  }
  return handle;
}

function openSqlite(file: string, synchronous: "full" | "normal" | "off"): DatabaseHandle {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}

async function openPostgres(url: string, schema?: string): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error("Invalid schema name");
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      // Concurrent "create schema if not exists" can still collide; the lock makes it one at a time.
      await setup.query("begin");
      await setup.query("select pg_advisory_xact_lock(hashtext('fsts-create-schema'))");
      await setup.query(`create schema if not exists ${schema}`);
      await setup.query("commit");
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", pool, close: () => db.destroy() };
}

export async function isDatabaseReachable(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
