import SQLite from "better-sqlite3";
import { existsSync } from "node:fs";
import { chmod, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  BackupError,
  CHECKSUM_SUFFIX,
  engineOf,
  EXTENSION,
  freshName,
  fsyncDir,
  fsyncFile,
  pruneBackups,
  sha256Of,
  sqlitePath,
} from "./backup-files.server";
import { runClientTool, splitPassword } from "./postgres-tools.server";

/**
 * Backups that restore: a consistent snapshot of the database in one file, named by time, with a
 * sha256 file beside it (the `sha256sum -c` format); restore.server.ts checks both before it
 * writes anything. SQLite uses its online backup API; PostgreSQL uses pg_dump's custom format.
 */

export interface BackupSource {
  databaseUrl: string;
  /** PostgreSQL: the schema the app's tables live in (tests use one per suite); else the whole database. */
  schema?: string;
}

export interface BackupOptions {
  dir: string;
  /** How many backups to keep in `dir`; older ones are deleted after a backup succeeds. */
  keep: number;
  now: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  sha256: string;
  ms: number;
  /** Older backups deleted to keep `keep`. */
  removed: string[];
}

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** A `search_path` set in the URL (`?options=-c search_path=name`) names the app's schema. */
export function schemaFromUrl(databaseUrl: string): string | undefined {
  if (engineOf(databaseUrl) !== "postgres") return undefined;
  const options = new URL(databaseUrl).searchParams.get("options") ?? "";
  return /search_path=([a-z_][a-z0-9_]*)/i.exec(options)?.[1];
}

export async function backupDatabase(
  source: BackupSource,
  options: BackupOptions,
): Promise<BackupResult> {
  const started = Date.now();
  const engine = engineOf(source.databaseUrl);
  // A backup holds password and session hashes, personal data and resumes: only the owner of the
  // process may read it. The umask can only take bits away, so the modes are set explicitly too.
  await mkdir(options.dir, { recursive: true, mode: PRIVATE_DIR });
  await chmod(options.dir, PRIVATE_DIR);
  const file = freshName(options.dir, options.now, EXTENSION[engine]);
  const partial = `${file}.partial`;
  try {
    // Created empty and private first, so the copy is never readable by others, not even while
    // it is written (SQLite and pg_dump both write into the existing file and keep its mode).
    await writeFile(partial, "", { mode: PRIVATE_FILE, flag: "wx" });
    await chmod(partial, PRIVATE_FILE);
    if (engine === "sqlite") await sqliteBackup(sqlitePath(source.databaseUrl), partial);
    else await pgDump(source, partial);
    await chmod(partial, PRIVATE_FILE);
    await fsyncFile(partial);
    const sha256 = await sha256Of(partial);
    const { size } = await stat(partial);
    await rename(partial, file);
    await writeFile(`${file}${CHECKSUM_SUFFIX}`, `${sha256}  ${path.basename(file)}\n`, {
      mode: PRIVATE_FILE,
    });
    await chmod(`${file}${CHECKSUM_SUFFIX}`, PRIVATE_FILE);
    await fsyncDir(options.dir);
    const removed = await pruneBackups(options.dir, options.keep, options.now);
    return { file, bytes: size, sha256, ms: Date.now() - started, removed };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * A connection of its own copies every page in one step: one read transaction, so the copy is the
 * database as it was at one instant. In WAL mode that read blocks no writer; copying in slices
 * instead would restart whenever the server commits, which under steady traffic might be forever.
 */
async function sqliteBackup(databaseFile: string, destination: string) {
  if (!existsSync(databaseFile)) throw new BackupError(`No SQLite database at ${databaseFile}.`);
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(destination, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  // The copy carries its source's WAL flag; a rollback-journal file stands alone (no -wal beside it).
  const copy = new SQLite(destination);
  try {
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new BackupError(`The copy failed SQLite's quick_check: ${check}`);
  } finally {
    copy.close();
  }
}

/** pg_dump reads in one repeatable-read transaction: a consistent snapshot while the site writes. */
async function pgDump(source: BackupSource, destination: string) {
  const { url, password } = splitPassword(source.databaseUrl);
  const schema = source.schema && source.schema !== "public" ? source.schema : undefined;
  await runClientTool(
    "pg_dump",
    [
      "--format=custom",
      `--file=${destination}`,
      ...(schema ? [`--schema=${schema}`] : []),
      `--dbname=${url}`,
    ],
    password,
  );
}
