import { sql } from "kysely";
import { openDatabase, type DB } from "../../app/db/database.server";
import { createBenchDatabase } from "./postgres";
import { removeDir, tempDir } from "./server";

export type EngineName = "sqlite" | "postgres";

export interface EngineSetup {
  name: EngineName;
  dataDir: string;
  databaseUrl: string;
  /** A second connection for the drill's own checks (the app's schema types, no migrations). */
  inspect(): Promise<{ db: DB; close(): Promise<void> }>;
  cleanup(): Promise<void>;
}

/** A fresh database: a new SQLite file in a temp dir, or a new database on the PostgreSQL server. */
export async function freshEngine(name: EngineName, postgresUrl?: string): Promise<EngineSetup> {
  const dataDir = tempDir(`drill-${name}`);
  const database =
    name === "postgres" && postgresUrl ? await createBenchDatabase(postgresUrl) : null;
  const databaseUrl = database?.url ?? `file:${dataDir}/app.db`;
  return {
    name,
    dataDir,
    databaseUrl,
    inspect: () => openDatabase(databaseUrl, { migrate: false }),
    async cleanup() {
      removeDir(dataDir);
      await database?.drop();
    },
  };
}

type Table = "payments" | "webhook_events" | "seat_holds" | "people";

/** Rows in a table, optionally only those with the given status. */
export async function countRows(db: DB, table: Table, status?: string): Promise<number> {
  const filter = status === undefined ? sql`` : sql` where status = ${status}`;
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)}${filter}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
