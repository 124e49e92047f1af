import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../tests/support/databases";
import { useTestServices } from "../../tests/support/suite";
import { isDatabaseReachable, openDatabase } from "./database.server";
import { migrateToLatest } from "./migrations.server";
import type { Kysely } from "kysely";
import { newPerson } from "~/features/people/people.server";

describe.each(testEngines())("database on $name", (engine) => {
  const t = useTestServices(engine);

  it("migrates to the latest schema, and again without change", async () => {
    await migrateToLatest(t.services.db as unknown as Kysely<unknown>, t.services.engine);
    const result = await sql<{ n: number }>`select count(*) as n from people`.execute(
      t.services.db,
    );
    expect(Number(result.rows[0]?.n)).toBe(0);
    expect(t.services.engine).toBe(engine.name);
  });

  it("reports itself reachable", async () => {
    expect(await isDatabaseReachable(t.services.db)).toBe(true);
  });

  it("stores binary data byte for byte", async () => {
    const now = new Date().toISOString();
    await t.services.db
      .insertInto("people")
      .values(
        newPerson("a@example.com", now, {
          id: "p1",
          first_name: "A",
          last_name: "B",
          university: "U",
          graduation_year: "2027",
        }),
      )
      .execute();
    const bytes = new Uint8Array([0, 1, 2, 255, 254]);
    await t.services.db
      .insertInto("uploads")
      .values({
        id: "u1",
        person_id: "p1",
        submission_id: null,
        name: "x.docx",
        full_path: "resume-reviews/x.docx",
        content_type: "application/octet-stream",
        size: bytes.length,
        sha256: "x",
        data: bytes,
        review_status: "waiting",
        scheduled_for: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row = await t.services.db.selectFrom("uploads").select("data").executeTakeFirstOrThrow();
    expect(Array.from(row.data)).toEqual([0, 1, 2, 255, 254]);
  });
});

describe("SQLite's synchronous pragma", () => {
  it("is FULL unless the caller relaxes it (SQLITE_SYNCHRONOUS)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fsts-sync-"));
    try {
      const level = async (synchronous?: "full" | "off") => {
        const handle = await openDatabase(`file:${path.join(dir, "s.db")}`, { synchronous });
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
        await handle.close();
        return rows[0]?.synchronous;
      };
      expect(await level()).toBe(2); // FULL
      expect(await level("off")).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
