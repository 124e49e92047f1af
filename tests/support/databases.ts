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
 * SQLite file, or on PostgreSQL a database this worker emptied after an earlier test or else a
 * clone of the template database that the global set-up migrated once
 * (tests/support/db-templates.ts). Without the set-up (a file run on its own outside the
 * database projects), an empty database that the services migrate as a server would.
 * `reusable: false` (a test that adds a schema of its own) drops the database afterwards.
 */
async function freshDatabase(
  engine: TestEngine,
  dataDir: string,
  reusable: boolean,
): Promise<{ url: string; release(): Promise<void> }> {
  if (engine.name === "sqlite") {
    const file = path.join(dataDir, "test.db");
    const template = process.env.FSTS_TEST_SQLITE_TEMPLATE;
    if (template) copyFileSync(template, file);
    return { url: `file:${file}`, release: async () => {} };
  }
  const template = process.env.FSTS_TEST_PG_TEMPLATE;
  if (!template || !reusable) {
    const scratch = await scratchDatabase(engine.url, template);
    return { url: scratch.url, release: scratch.drop };
  }
  return reusedDatabase(engine.url, template);
}

/**
 * A clone of the template as a test left it, and what puts it back: the schema's fingerprint,
 * then one transaction that empties every table (children first), puts back the rows the
 * migrations wrote and sets each sequence where the template had it.
 */
interface Restore {
  fingerprint: string;
  script: string;
}

/**
 * This worker's emptied PostgreSQL databases, ready for the next test. Creating a database and
 * dropping it cost about a second a test here (DROP DATABASE waits for a checkpoint); emptying
 * one costs a few milliseconds (docs/decisions/0066-reused-test-databases.md).
 */
const spares: string[] = [];
let restore: Promise<Restore> | undefined;

/** The prefix of the databases cloned from `template`, which the global teardown drops. */
export function clonePrefix(template: string): string {
  return `${template.replace("fsts_template_", "fsts_c_")}_`;
}

async function reusedDatabase(serverUrl: string, template: string) {
  let name = spares.pop();
  if (!name) {
    name = `${clonePrefix(template)}${randomBytes(6).toString("hex")}`;
    await onServer(serverUrl, `create database ${name} template ${template} strategy wal_log`);
    // Read from the first clone, untouched yet: the template itself cannot take a connection
    // while other workers clone it.
    restore ??= onDatabase(databaseUrlFor(serverUrl, name), readRestore);
    await restore;
  }
  const url = databaseUrlFor(serverUrl, name);
  const own = name;
  return {
    url,
    async release() {
      const { fingerprint, script } = await restore!;
      const emptied = await onDatabase(url, async (client) => {
        // A test that changed the schema on purpose leaves a database no one else should get.
        if ((await client.query<{ md5: string }>(FINGERPRINT)).rows[0]!.md5 !== fingerprint)
          return false;
        await client.query(script);
        return true;
      }).catch(() => false);
      if (emptied) spares.push(own);
      else await dropDatabase(serverUrl, own);
    },
  };
}

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The public schema's tables, columns, defaults, constraints and indexes, as one hash. */
const FINGERPRINT = `
  select md5(string_agg(item, ',' order by item)) as md5 from (
    select c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname, '') || ':' ||
      coalesce(a.atttypid::text, '') || ':' || coalesce(a.attnotnull::text, '') || ':' ||
      coalesce(pg_get_expr(d.adbin, d.adrelid), '') as item
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    union all
    select conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
  ) items`;

async function readRestore(client: pg.Client): Promise<Restore> {
  const fingerprint = (await client.query<{ md5: string }>(FINGERPRINT)).rows[0]!.md5;
  const tables = (
    await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public'",
    )
  ).rows.map((row) => row.name);
  const references = (
    await client.query<{ child: string; parent: string }>(`
      select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`)
  ).rows;
  const q = (identifier: string) => client.escapeIdentifier(identifier);
  const statements = ["begin"];
  for (const table of childrenFirst(tables, references)) statements.push(`delete from ${q(table)}`);
  for (const table of tables) {
    const rows = (await client.query(`select * from ${q(table)}`)).rows;
    if (rows.length === 0) continue;
    const columns = (
      await client.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = $1::regclass
         and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [q(table)],
      )
    ).rows
      .map((row) => q(row.name))
      .join(", ");
    const json = client.escapeLiteral(JSON.stringify(rows));
    statements.push(
      `insert into ${q(table)} (${columns}) overriding system value ` +
        `select ${columns} from json_populate_recordset(null::${q(table)}, ${json})`,
    );
  }
  const sequences = (
    await client.query<{ name: string; value: string | null; start: string }>(
      `select sequencename as name, last_value::text as value, start_value::text as start
       from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  for (const sequence of sequences) {
    const called = sequence.value !== null;
    const name = client.escapeLiteral(q(sequence.name));
    statements.push(`select setval(${name}, ${sequence.value ?? sequence.start}, ${called})`);
  }
  statements.push("commit");
  return { fingerprint, script: statements.join(";\n") };
}

/** The tables in an order that deletes every row before the rows it points at. */
export function childrenFirst(
  tables: readonly string[],
  references: readonly { child: string; parent: string }[],
): string[] {
  const order: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: readonly string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys in a cycle: ${[...path, table]}`);
    for (const { child, parent } of references)
      if (parent === table && child !== table) visit(child, [...path, table]);
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) visit(table, []);
  return order;
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
  const database = await freshDatabase(engine, dataDir, !options.schema);
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
      await database.release();
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
