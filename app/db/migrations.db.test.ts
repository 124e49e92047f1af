import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database.server";

const run = promisify(execFile);
const url = process.env.TEST_DATABASE_URL;

async function appliedMigrations(databaseUrl: string, schema?: string) {
  const handle = await openDatabase(databaseUrl, { schema, migrate: false });
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(handle.db);
    return rows.map((r) => r.name);
  } finally {
    await handle.close();
  }
}

describe("migrations started by several instances at once", () => {
  it.runIf(url)(
    "on an empty PostgreSQL schema: each migration is applied once, no error",
    async () => {
      const schema = `t_${randomBytes(6).toString("hex")}`;
      try {
        const handles = await Promise.all([1, 2, 3].map(() => openDatabase(url!, { schema })));
        await Promise.all(handles.map((h) => h.close()));
        const names = await appliedMigrations(url!, schema);
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(names).size).toBe(names.length);
        const handle = await openDatabase(url!, { schema, migrate: false });
        const { rows } = await sql<{
          n: string;
        }>`select count(*) as n from information_schema.tables where table_schema = ${schema} and table_name = 'rate_limits'`.execute(
          handle.db,
        );
        await handle.close();
        expect(Number(rows[0]!.n)).toBe(1);
      } finally {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
    },
  );

  it("on a new SQLite file: three migrate processes at once all succeed, each migration once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fsts-migrate-"));
    const databaseUrl = `file:${path.join(dir, "app.db")}`;
    try {
      const tsx = path.resolve("node_modules/.bin/tsx");
      const outputs = await Promise.all(
        [1, 2, 3].map(() =>
          run(tsx, ["scripts/migrate.ts"], {
            env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir },
          }),
        ),
      );
      for (const { stdout } of outputs) expect(stdout).toContain("Database is up to date");
      const names = await appliedMigrations(databaseUrl);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
