import SQLite from "better-sqlite3";
import { existsSync } from "node:fs";
import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import {
  BackupError,
  engineOf,
  fsyncDir,
  fsyncFile,
  sqlitePath,
  verifyBackup,
  type BackupEngine,
} from "./backup-files.server";
import {
  dumpedSchemas,
  postgresTables,
  runClientTool,
  splitPassword,
} from "./postgres-tools.server";

export interface RestoreResult {
  engine: BackupEngine;
  /** Tables in the restored database (for SQLite after `PRAGMA integrity_check` said ok). */
  tables: number;
}

export interface RestoreOptions {
  databaseUrl: string;
  /** Replace a database that already holds tables (stop the server first). */
  force: boolean;
}

/**
 * Restores a verified backup into DATABASE_URL. An empty (or missing) database is filled; one that
 * already holds tables is refused unless `force`. SQLite is restored beside the target, checked
 * with `PRAGMA integrity_check`, then moved into place; PostgreSQL in one transaction.
 */
export async function restoreDatabase(
  file: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  await verifyBackup(file);
  const engine = engineOf(options.databaseUrl);
  const kind = await backupKind(file);
  if (kind !== engine) {
    throw new BackupError(
      `${path.basename(file)} is a ${kind ?? "unknown"} backup, but DATABASE_URL is ${engine}.`,
    );
  }
  return engine === "sqlite"
    ? restoreSqlite(file, sqlitePath(options.databaseUrl), options.force)
    : restorePostgres(file, options.databaseUrl, options.force);
}

async function backupKind(file: string): Promise<BackupEngine | null> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    const head = buffer.subarray(0, bytesRead).toString("latin1");
    if (head.startsWith("SQLite format 3\0")) return "sqlite";
    if (head.startsWith("PGDMP")) return "postgres";
    return null;
  } finally {
    await handle.close();
  }
}

function refuseNonEmpty(where: string): never {
  throw new BackupError(
    `${where} already holds data: refusing to overwrite it. Restore into an empty database, or pass --force to replace it (stop the server first).`,
  );
}

async function restoreSqlite(file: string, target: string, force: boolean) {
  if (!force && sqliteTables(target) > 0) refuseNonEmpty(target);
  await mkdir(path.dirname(path.resolve(target)), { recursive: true });
  const staged = `${target}.restoring`;
  await copyFile(file, staged);
  try {
    const db = new SQLite(staged, { fileMustExist: true });
    try {
      const integrity = db.pragma("integrity_check", { simple: true });
      if (integrity !== "ok")
        throw new BackupError(`The backup failed PRAGMA integrity_check: ${integrity}`);
    } finally {
      db.close();
    }
    await fsyncFile(staged);
    // A -wal left by the old database would be replayed onto the restored one.
    for (const suffix of ["-wal", "-shm", "-journal"])
      await rm(`${target}${suffix}`, { force: true });
    await rename(staged, target);
    await fsyncDir(path.dirname(path.resolve(target)));
  } catch (error) {
    await rm(staged, { force: true });
    throw error;
  }
  return { engine: "sqlite" as const, tables: sqliteTables(target) };
}

/** Tables in a SQLite file; 0 when there is no file yet. */
function sqliteTables(file: string): number {
  if (!existsSync(file)) return 0;
  let db: SQLite.Database | null = null;
  try {
    db = new SQLite(file, { fileMustExist: true });
    return Number(
      db.prepare("select count(*) from sqlite_master where type = 'table'").pluck().get(),
    );
  } catch (error) {
    throw new BackupError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

async function restorePostgres(file: string, databaseUrl: string, force: boolean) {
  const schemas = dumpedSchemas(await runClientTool("pg_restore", ["--list", file]));
  const before = await postgresTables(databaseUrl, schemas);
  if (!force && before > 0) refuseNonEmpty(`The database (schema ${schemas.join(", ")})`);
  const { url, password } = splitPassword(databaseUrl);
  // --clean --if-exists drops what the backup is about to create (nothing, when empty); one
  // transaction means a failed restore leaves the database as it was.
  await runClientTool(
    "pg_restore",
    [
      `--dbname=${url}`,
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      "--clean",
      "--if-exists",
      file,
    ],
    password,
  );
  return { engine: "postgres" as const, tables: await postgresTables(databaseUrl, schemas) };
}
