import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { open, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * The files of a backup: `fsts-backup-<time>.sqlite` or `.pgdump`, named so they sort by time,
 * with a sha256 file beside each (the `sha256sum -c` format), written durably and pruned.
 */

export class BackupError extends Error {}

export type BackupEngine = "sqlite" | "postgres";

const PREFIX = "fsts-backup-";
export const EXTENSION: Record<BackupEngine, string> = { sqlite: ".sqlite", postgres: ".pgdump" };
const BACKUP_FILE = /^fsts-backup-.+\.(sqlite|pgdump)$/;
export const CHECKSUM_SUFFIX = ".sha256";
/** A `.partial` file this old belongs to a backup that died; newer ones may still be written. */
const STALE_PARTIAL_MS = 24 * 3_600_000;

export function engineOf(databaseUrl: string): BackupEngine {
  return databaseUrl.startsWith("file:") ? "sqlite" : "postgres";
}

export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice("file:".length);
}

/** `fsts-backup-2026-11-22T12-00-00.000Z.sqlite`: names sort by time, and no two are the same. */
export function freshName(dir: string, now: Date, extension: string): string {
  const stamp = now.toISOString().replaceAll(":", "-");
  for (let n = 1; ; n += 1) {
    const name = `${PREFIX}${stamp}${n === 1 ? "" : `-${n}`}${extension}`;
    const file = path.join(dir, name);
    if (!existsSync(file) && !existsSync(`${file}.partial`)) return file;
  }
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

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export const fsyncFile = (file: string) => syncToDisk(file, "r+");

/** Makes a rename durable: the directory entry is on disk too. */
export const fsyncDir = (dir: string) => syncToDisk(dir, "r");

async function syncToDisk(target: string, flags: "r" | "r+") {
  const handle = await open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
