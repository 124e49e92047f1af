import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  scratchDatabase,
  startTestServices,
  testEngines,
  type TestServices,
} from "../../../tests/support/databases";
import { insertAda, uploadRow } from "../../../tests/support/rows";
import { openDatabase, type DB } from "~/db/database.server";
import { BackupError } from "./backup-files.server";
import { backupDatabase, type BackupSource } from "./backup.server";
import { restoreDatabase } from "./restore.server";

const NOW = new Date("2026-11-22T12:00:00Z");
const RESUME = randomBytes(64 * 1024);

async function seed(db: DB, email: string) {
  const id = `p-${email}`;
  const at = NOW.toISOString();
  await insertAda(db, id, email, at);
  await db
    .insertInto("uploads")
    .values(uploadRow(`u-${email}`, id, at, { size: RESUME.length, data: RESUME }))
    .execute();
}

async function emails(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("people").select("email").orderBy("email").execute();
  return rows.map((r) => r.email);
}

describe.each(testEngines())("backup and restore on $name", (engine) => {
  let t: TestServices;
  let source: BackupSource;
  let backupDir: string;
  const cleanups: (() => Promise<void>)[] = [];

  /** An empty database to restore into: a new SQLite path, or a new PostgreSQL database. */
  async function emptyTarget(): Promise<string> {
    if (engine.name === "sqlite")
      return `file:${path.join(t.dataDir, `${randomBytes(4).toString("hex")}.db`)}`;
    const scratch = await scratchDatabase(engine.url);
    cleanups.push(scratch.drop);
    return scratch.url;
  }

  async function withDatabase<T>(url: string, fn: (db: DB) => Promise<T>): Promise<T> {
    const handle = await openDatabase(url, { schema: t.schema, migrate: false });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    // On PostgreSQL in a schema of its own: the backup's schema-scoped path (the whole database's
    // has its own test below).
    t = await startTestServices(engine, { schema: true });
    source = { databaseUrl: t.config.databaseUrl, schema: t.schema };
    backupDir = path.join(t.dataDir, "backups");
    await seed(t.services.db, "a@example.com");
    await seed(t.services.db, "b@example.com");
  });

  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await t?.cleanup();
  });

  it("round trip: the restore holds every row and every uploaded byte", async () => {
    const backup = await backupDatabase(source, { dir: backupDir, keep: 14, now: NOW });
    expect(path.basename(backup.file)).toMatch(
      new RegExp(
        `^fsts-backup-2026-11-22T12-00-00\\.000Z\\.${engine.name === "sqlite" ? "sqlite" : "pgdump"}$`,
      ),
    );
    expect(readFileSync(`${backup.file}.sha256`, "utf8")).toBe(
      `${backup.sha256}  ${path.basename(backup.file)}\n`,
    );

    const target = await emptyTarget();
    const restored = await restoreDatabase(backup.file, { databaseUrl: target, force: false });
    expect(restored.tables).toBeGreaterThan(10);
    await withDatabase(target, async (db) => {
      expect(await emails(db)).toEqual(["a@example.com", "b@example.com"]);
      const upload = await db
        .selectFrom("uploads")
        .select("data")
        .where("id", "=", "u-a@example.com")
        .executeTakeFirstOrThrow();
      expect(Buffer.from(upload.data).equals(RESUME)).toBe(true);
    });
    // The server starts on it: migrations find themselves already applied.
    const reopened = await openDatabase(target, { schema: t.schema });
    await reopened.close();
  });

  it("refuses a database that holds data unless forced, and force replaces it", async () => {
    const backup = await backupDatabase(source, { dir: backupDir, keep: 14, now: NOW });
    await seed(t.services.db, "after-backup@example.com");
    await expect(
      restoreDatabase(backup.file, { databaseUrl: t.config.databaseUrl, force: false }),
    ).rejects.toThrow(/already holds data.*--force/);
    await withDatabase(t.config.databaseUrl, async (db) => {
      expect(await emails(db)).toContain("after-backup@example.com");
    });

    await restoreDatabase(backup.file, { databaseUrl: t.config.databaseUrl, force: true });
    await withDatabase(t.config.databaseUrl, async (db) => {
      expect(await emails(db)).toEqual(["a@example.com", "b@example.com"]);
    });
  });

  it("refuses a backup whose checksum does not match, or that has none, and writes nothing", async () => {
    const backup = await backupDatabase(source, { dir: backupDir, keep: 14, now: NOW });
    const damaged = path.join(t.dataDir, "damaged" + path.extname(backup.file));
    copyFileSync(backup.file, damaged);
    copyFileSync(`${backup.file}.sha256`, `${damaged}.sha256`);
    const bytes = readFileSync(damaged);
    const at = bytes.length - 100;
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(damaged, bytes);

    const target = await emptyTarget();
    const attempt = restoreDatabase(damaged, { databaseUrl: target, force: false });
    await expect(attempt).rejects.toThrow(BackupError);
    await expect(attempt).rejects.toThrow(/Checksum mismatch/);
    if (engine.name === "sqlite") expect(existsSync(target.slice("file:".length))).toBe(false);
    else await withDatabase(target, async (db) => expect(await tableCount(db)).toBe(0));

    const unverifiable = path.join(t.dataDir, "no-checksum" + path.extname(backup.file));
    copyFileSync(backup.file, unverifiable);
    await expect(
      restoreDatabase(unverifiable, { databaseUrl: target, force: true }),
    ).rejects.toThrow(/No checksum beside the backup/);
  });

  it("keeps the newest BACKUP_KEEP backups", async () => {
    const dir = path.join(t.dataDir, "rotating");
    for (let hour = 0; hour < 4; hour += 1)
      await backupDatabase(source, {
        dir,
        keep: 2,
        now: new Date(NOW.getTime() + hour * 3_600_000),
      });
    expect(readdirSync(dir).sort()).toEqual(
      ["T14-00-00", "T15-00-00"].flatMap((time) => {
        const name = `fsts-backup-2026-11-22${time}.000Z.${engine.name === "sqlite" ? "sqlite" : "pgdump"}`;
        return [name, `${name}.sha256`];
      }),
    );
  });

  if (engine.name === "postgres") {
    it("without a schema, backs up and restores the whole database", async () => {
      const from = await scratchDatabase(engine.url);
      cleanups.push(from.drop);
      const handle = await openDatabase(from.url);
      await seed(handle.db, "whole@example.com");
      await handle.close();
      const backup = await backupDatabase(
        { databaseUrl: from.url },
        { dir: path.join(t.dataDir, "whole"), keep: 14, now: NOW },
      );
      const target = await emptyTarget();
      await restoreDatabase(backup.file, { databaseUrl: target, force: false });
      const restored = await openDatabase(target);
      expect(await emails(restored.db)).toEqual(["whole@example.com"]);
      await restored.close();
    });
  }

  describe("finding 5: backups are private whatever the umask", () => {
    it("writes the backup and its checksum 0600 in a 0700 folder under umask 022", async () => {
      const previous = process.umask(0o022);
      try {
        // A folder left 0755 by an earlier version is made private too.
        const dir = path.join(t.dataDir, "private-backups");
        const backup = await backupDatabase(source, { dir, keep: 14, now: NOW });
        const mode = (file: string) => statSync(file).mode & 0o777;
        expect(mode(dir)).toBe(0o700);
        expect(mode(backup.file)).toBe(0o600);
        expect(mode(`${backup.file}.sha256`)).toBe(0o600);

        const again = await backupDatabase(source, {
          dir,
          keep: 14,
          now: new Date(NOW.getTime() + 1000),
        });
        expect(mode(again.file)).toBe(0o600);
      } finally {
        process.umask(previous);
      }
    });
  });
});

async function tableCount(db: DB): Promise<number> {
  return (await db.introspection.getTables()).length;
}
