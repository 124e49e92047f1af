import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { Config } from "../../app/env.server";
import { loadConfig } from "../../app/env.server";
import type { Clock } from "../../app/lib/clock";
import type { Services } from "../../app/context";
import { createServices } from "../../app/services.server";

export interface TestEngine {
  name: "sqlite" | "postgres";
  url: string;
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). The database suite
 * runs as one Vitest project per engine (TEST_ENGINE names it), so the two run side by side.
 */
export function testEngines(): TestEngine[] {
  const only = process.env.TEST_ENGINE;
  const engines: TestEngine[] = [];
  if (only !== "postgres") engines.push({ name: "sqlite", url: "file:" });
  if (only !== "sqlite" && process.env.TEST_DATABASE_URL)
    engines.push({ name: "postgres", url: process.env.TEST_DATABASE_URL });
  return engines;
}

export interface TestServices {
  services: Services;
  config: Config;
  dataDir: string;
  /** PostgreSQL: the schema the tables are in when the test asked for one (`schema: true`). */
  schema: string | undefined;
  cleanup(): Promise<void>;
}

/** The address of database `name` on the server of `url`. */
export function databaseUrlFor(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE and DROP DATABASE). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test's database once its services have closed. A closed pool's connections may still be
 * on their way out, so a drop that finds one waits a moment and tries again (forcing them out
 * instead would raise an error in the pool that is closing them).
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await onServer(url, `drop database if exists ${name}`);
    } catch (error) {
      const inUse = (error as { code?: string }).code === "55006";
      if (!inUse || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * A database already migrated to the latest schema, for a test to start from: a copy of the
 * SQLite file or a clone of the PostgreSQL template database that the global set-up migrated
 * once (tests/support/db-templates.ts). Without the set-up (a file run on its own outside the
 * database projects), an empty database that the services migrate as a server would.
 */
async function freshDatabase(
  engine: TestEngine,
  dataDir: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (engine.name === "sqlite") {
    const file = path.join(dataDir, "test.db");
    const template = process.env.FSTS_TEST_SQLITE_TEMPLATE;
    if (template) copyFileSync(template, file);
    return { url: `file:${file}`, drop: async () => {} };
  }
  return scratchDatabase(engine.url, process.env.FSTS_TEST_PG_TEMPLATE);
}

/**
 * A database of its own on the PostgreSQL server of `serverUrl`: empty, or a copy of `template`
 * (WAL_LOG: no checkpoint, unlike FILE_COPY). Its address, and how to drop it.
 */
export async function scratchDatabase(serverUrl: string, template?: string) {
  const name = `fsts_t_${randomBytes(6).toString("hex")}`;
  const from = template ? ` template ${template} strategy wal_log` : "";
  await onServer(serverUrl, `create database ${name}${from}`);
  return { url: databaseUrlFor(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/**
 * Fresh services on a database of their own, migrated: a SQLite file or a PostgreSQL database.
 * With `schema` (PostgreSQL only), the tables are migrated into a schema of their own inside it
 * instead, as a site whose DATABASE_URL names one keeps them (the backup's schema-scoped path).
 */
export async function startTestServices(
  engine: TestEngine,
  options: { clock?: Clock; env?: Record<string, string>; schema?: boolean } = {},
): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fsts-test-"));
  const database = await freshDatabase(engine, dataDir);
  const schema =
    options.schema && engine.name === "postgres"
      ? `t_${randomBytes(6).toString("hex")}`
      : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: "test-secret-test-secret-test-secret-123",
    PUBLIC_URL: "http://localhost:3000",
    // No test is about surviving a power cut (the bench's drills are): commits skip the fsync.
    SQLITE_SYNCHRONOUS: "off",
    // Tests send many forms for one address; the limit has its own test.
    EMAILS_PER_RECIPIENT_PER_HOUR: "100000",
    ...options.env,
  });
  const services = await createServices(config, { clock: options.clock, schema });
  return {
    services,
    config,
    dataDir,
    schema,
    async cleanup() {
      await services.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export class TestClock implements Clock {
  constructor(private current: Date = new Date("2026-11-22T12:00:00Z")) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
}

/**
 * The tables of this suite's database, by name: on PostgreSQL only its own schema's, read from
 * the catalogue directly (Kysely's introspection reads every schema, and another suite running at
 * the same time may drop its own schema mid-read).
 */
export async function suiteTables(t: TestServices): Promise<string[]> {
  if (t.schema === undefined)
    return (await t.services.db.introspection.getTables()).map((table) => table.name);
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = ${t.schema} and table_type = 'BASE TABLE'`.execute(t.services.db);
  return rows.map((row) => row.table_name);
}
