import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServices, testEngines, type TestServices } from "../../tests/support/databases";
import { claimRows } from "./claim.server";
import { openDatabase, type DatabaseHandle } from "./database.server";

const NOW = new Date("2026-11-22T12:00:00Z");

describe.each(testEngines())("claiming work rows on $name", (engine) => {
  let t: TestServices;
  /** A second instance: its own connection (pool) to the same database. */
  let other: DatabaseHandle;

  beforeAll(async () => {
    t = await startTestServices(engine);
    other = await openDatabase(t.config.databaseUrl, {
      schema: t.schema,
      migrate: false,
    });
  });
  afterAll(async () => {
    await other.close();
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.services.db.deleteFrom("outbox").execute();
  });

  const queue = async (n: number) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `row-${String(i).padStart(4, "0")}`,
      kind: "test",
      person_id: null,
      to_address: `w${i}@example.com`,
      subject: "s",
      html: "h",
      text: "t",
      status: "pending" as const,
      attempts: 0,
      last_error: null,
      send_after: new Date(NOW.getTime() - 10_000 + i).toISOString(),
      locked_until: null,
      created_at: NOW.toISOString(),
      sent_at: null,
    }));
    await t.services.db.insertInto("outbox").values(rows).execute();
    return rows.map((r) => r.id);
  };
  const claim = (db: DatabaseHandle["db"], limit: number, now = NOW, leaseMs = 60_000) =>
    claimRows(db, "outbox", {
      due: (eb) =>
        eb.and([eb("status", "=", "pending"), eb("send_after", "<=", now.toISOString())]),
      orderBy: "send_after",
      now,
      leaseMs,
      limit,
    });

  it("gives each of 300 rows to exactly one worker when three claim at once on two instances", async () => {
    const ids = await queue(300);
    const taken = new Map<string, number>();
    const worker = async (db: DatabaseHandle["db"], name: number) => {
      for (;;) {
        const rows = await claim(db, 7);
        if (rows.length === 0) return;
        for (const row of rows) {
          expect(taken.has(row.id)).toBe(false);
          taken.set(row.id, name);
        }
      }
    };
    await Promise.all([worker(t.services.db, 1), worker(other.db, 2), worker(other.db, 3)]);
    expect([...taken.keys()].sort()).toEqual([...ids].sort());
    if (engine.name === "postgres") expect(new Set(taken.values()).size).toBeGreaterThan(1);
  });

  it("takes due rows oldest first, stamps the lease and leaves leased rows alone", async () => {
    const ids = await queue(3);
    const first = await claim(t.services.db, 2);
    expect(first.map((r) => r.id)).toEqual(ids.slice(0, 2));
    expect(first[0]!.locked_until).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    expect((await claim(other.db, 5)).map((r) => r.id)).toEqual([ids[2]]);
    expect(await claim(other.db, 5)).toEqual([]);
  });

  it("hands a row over again once its lease has run out (a worker that died)", async () => {
    const [id] = await queue(1);
    await claim(t.services.db, 1, NOW, 1_000);
    expect(await claim(other.db, 1, new Date(NOW.getTime() + 999))).toEqual([]);
    const again = await claim(other.db, 1, new Date(NOW.getTime() + 1_001));
    expect(again.map((r) => r.id)).toEqual([id]);
  });

  it.runIf(engine.name === "postgres")(
    "skips a row another transaction holds, without waiting for it",
    async () => {
      const ids = await queue(2);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.services.db.transaction().execute(async (trx) => {
        await trx.selectFrom("outbox").select("id").where("id", "=", ids[0]!).forUpdate().execute();
        locked();
        await held;
      });
      await isLocked;
      const started = Date.now();
      const rows = await claim(other.db, 2);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(rows.map((r) => r.id)).toEqual([ids[1]]);
      release();
      await holder;
      expect((await claim(other.db, 2)).map((r) => r.id)).toEqual([ids[0]]);
    },
  );
});
