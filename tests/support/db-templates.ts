import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/db/database.server";
import pg from "pg";
import { clonePrefix, databaseUrlFor, onServer } from "./databases";

/**
 * The database projects' global set-up: migrates one database per engine before any test, which
 * every test then copies (SQLite: the file) or clones (PostgreSQL: CREATE DATABASE … TEMPLATE),
 * instead of migrating its own (docs/decisions/0049-cheap-test-set-up.md). The
 * workers read the template's name from the environment; the teardown removes it and the
 * clones the workers kept to reuse.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_ENGINE;
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("the postgres project needs TEST_DATABASE_URL");
    const name = `fsts_template_${randomBytes(6).toString("hex")}`;
    await onServer(url, `create database ${name}`);
    const handle = await openDatabase(databaseUrlFor(url, name));
    await handle.close();
    process.env.FSTS_TEST_PG_TEMPLATE = name;
    return async () => {
      // The workers' emptied clones (tests/support/databases.ts), then the template.
      const clones = await pgQuery(
        url,
        "select datname from pg_database where starts_with(datname, $1)",
        [clonePrefix(name)],
      );
      for (const { datname } of clones.rows)
        await onServer(url, `drop database if exists ${datname} with (force)`);
      await onServer(url, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "fsts-template-"));
  const file = path.join(dir, "template.db");
  const handle = await openDatabase(`file:${file}`);
  // One file to copy: the write-ahead log folded in and switched off.
  await handle.close();
  process.env.FSTS_TEST_SQLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

async function pgQuery(url: string, text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<{ datname: string }>(text, values);
  } finally {
    await client.end();
  }
}
