import SQLite from "better-sqlite3";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import {
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Backups that restore: a consistent snapshot of the database in one file, named by time, with a
 * sha256 file beside it (the `sha256sum -c` format), and a restore that checks both before it
 * writes anything. SQLite uses its online backup API; PostgreSQL uses pg_dump's custom format.
 */

export class BackupError extends Error {}

export type BackupEngine = "sqlite" | "postgres";

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

export interface RestoreResult {
  engine: BackupEngine;
  /** Tables in the restored database (for SQLite after `PRAGMA integrity_check` said ok). */
  tables: number;
}

const PREFIX = "fsts-backup-";
const EXTENSION: Record<BackupEngine, string> = { sqlite: ".sqlite", postgres: ".pgdump" };
const BACKUP_FILE = /^fsts-backup-.+\.(sqlite|pgdump)$/;
const CHECKSUM_SUFFIX = ".sha256";
/** A `.partial` file this old belongs to a backup that died; newer ones may still be written. */
const STALE_PARTIAL_MS = 24 * 3_600_000;

export function engineOf(databaseUrl: string): BackupEngine {
  return databaseUrl.startsWith("file:") ? "sqlite" : "postgres";
}

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
  await mkdir(options.dir, { recursive: true });
  const file = freshName(options.dir, options.now, EXTENSION[engine]);
  const partial = `${file}.partial`;
  try {
    if (engine === "sqlite") await sqliteBackup(sqlitePath(source.databaseUrl), partial);
    else await pgDump(source, partial);
    await fsyncFile(partial);
    const sha256 = await sha256Of(partial);
    const { size } = await stat(partial);
    await rename(partial, file);
    await writeFile(`${file}${CHECKSUM_SUFFIX}`, `${sha256}  ${path.basename(file)}\n`);
    await fsyncDir(options.dir);
    const removed = await pruneBackups(options.dir, options.keep, options.now);
    return { file, bytes: size, sha256, ms: Date.now() - started, removed };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** `fsts-backup-2026-11-22T12-00-00.000Z.sqlite`: names sort by time, and no two are the same. */
function freshName(dir: string, now: Date, extension: string): string {
  const stamp = now.toISOString().replaceAll(":", "-");
  for (let n = 1; ; n += 1) {
    const name = `${PREFIX}${stamp}${n === 1 ? "" : `-${n}`}${extension}`;
    const file = path.join(dir, name);
    if (!existsSync(file) && !existsSync(`${file}.partial`)) return file;
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
  await run(
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

/** Keeps the newest `keep` backups (by the time in their names) and drops long-dead partial files. */
export async function pruneBackups(dir: string, keep: number, now: Date): Promise<string[]> {
  const names = await readdir(dir);
  const backups = names.filter((name) => BACKUP_FILE.test(name)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) {
    await rm(path.join(dir, name), { force: true });
    await rm(path.join(dir, `${name}${CHECKSUM_SUFFIX}`), { force: true });
  }
  for (const name of names.filter((n) => n.startsWith(PREFIX) && n.endsWith(".partial"))) {
    const file = path.join(dir, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now.getTime() }));
    if (now.getTime() - mtimeMs > STALE_PARTIAL_MS) await rm(file, { force: true });
  }
  return removed;
}

/** Checks the file against the sha256 file beside it; returns the digest or says what is wrong. */
export async function verifyBackup(file: string): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`No such backup: ${file}`);
  let expected: string | undefined;
  try {
    expected = /^([0-9a-f]{64})\b/.exec(await readFile(`${file}${CHECKSUM_SUFFIX}`, "utf8"))?.[1];
  } catch {
    throw new BackupError(
      `No checksum beside the backup (${path.basename(file)}${CHECKSUM_SUFFIX}): refusing to restore a file that cannot be verified.`,
    );
  }
  if (!expected)
    throw new BackupError(`${path.basename(file)}${CHECKSUM_SUFFIX} holds no sha256 digest.`);
  const actual = await sha256Of(file);
  if (actual !== expected) {
    throw new BackupError(
      `Checksum mismatch for ${path.basename(file)}: the file is damaged or was changed (expected ${expected}, found ${actual}). Nothing was restored.`,
    );
  }
  return actual;
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
  const schemas = dumpedSchemas(await run("pg_restore", ["--list", file]));
  const before = await postgresTables(databaseUrl, schemas);
  if (!force && before > 0) refuseNonEmpty(`The database (schema ${schemas.join(", ")})`);
  const { url, password } = splitPassword(databaseUrl);
  // --clean --if-exists drops what the backup is about to create (nothing, when empty); one
  // transaction means a failed restore leaves the database as it was.
  await run(
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

/** The schemas a dump writes into, from its table of contents. */
export function dumpedSchemas(listing: string): string[] {
  const schemas = new Set<string>();
  for (const line of listing.split("\n")) {
    const entry = /^\d+; \d+ \d+ (SCHEMA|TABLE) (?!DATA )(\S+) (\S+)/.exec(line);
    if (!entry) continue;
    schemas.add(entry[1] === "SCHEMA" ? entry[3]! : entry[2]!);
  }
  return schemas.size ? [...schemas] : ["public"];
}

async function postgresTables(databaseUrl: string, schemas: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = any($1)",
      [schemas],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice("file:".length);
}

/** The password travels in PGPASSWORD, never on a command line that `ps` shows. */
function splitPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  return { url: url.toString(), password };
}

/** Runs a PostgreSQL client tool; its stdout, or a BackupError with the end of its stderr. */
function run(command: string, args: string[], password?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: password ? { ...process.env, PGPASSWORD: password } : process.env,
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString("utf8")).slice(-2000);
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${command} was not found: install the PostgreSQL client tools (the server's major version or newer).`
            : `${command} could not start: ${error.message}`,
        ),
      );
    });
    child.once("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new BackupError(`${command} failed (exit ${code}): ${err.trim()}`));
    });
  });
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function fsyncFile(file: string) {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a rename durable: the directory entry is on disk too. */
async function fsyncDir(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
