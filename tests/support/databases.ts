import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { Config } from "../../app/env.server";
import { loadConfig } from "../../app/env.server";
import type { Clock } from "../../app/lib/clock";
import { createServices, type Services } from "../../app/services.server";

export interface TestEngine {
  name: "sqlite" | "postgres";
  url: string;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ name: "sqlite", url: "file:" }];
  if (process.env.TEST_DATABASE_URL)
    engines.push({ name: "postgres", url: process.env.TEST_DATABASE_URL });
  return engines;
}

export interface TestServices {
  services: Services;
  config: Config;
  dataDir: string;
  /** PostgreSQL: the suite's schema (a second connection to the same data needs it). */
  schema: string | undefined;
  cleanup(): Promise<void>;
}

/** Fresh services on an empty database: a new SQLite file or a new PostgreSQL schema. */
export async function startTestServices(
  engine: TestEngine,
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fsts-test-"));
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const databaseUrl =
    engine.name === "sqlite" ? `file:${path.join(dataDir, "test.db")}` : engine.url;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "test-secret-test-secret-test-secret-123",
    PUBLIC_URL: "http://localhost:3000",
    // Tests send many forms for one address; the limit has its own test.
    EMAILS_PER_RECIPIENT_PER_HOUR: "100000",
    ...options.env,
  });
  const services = await createServices(config, {
    clock: options.clock,
    schema: engine.name === "postgres" ? schema : undefined,
  });
  return {
    services,
    config,
    dataDir,
    schema: engine.name === "postgres" ? schema : undefined,
    async cleanup() {
      await services.close();
      if (engine.name === "postgres") {
        const client = new pg.Client({ connectionString: engine.url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
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
