import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seatFixtures } from "./cohort";
import { childrenFirst, startTestServices, TestClock, testEngines } from "./databases";
import type { TestServices } from "./databases";

/** Every table's row count, and on PostgreSQL every sequence's position. */
async function contents(t: TestServices) {
  const db = t.services.db;
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]!.n);
  }
  if (t.services.engine !== "postgres") return { counts };
  const { rows } = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences
    where schemaname = 'public' order by sequencename`.execute(db);
  return { counts, sequences: rows };
}

describe.each(testEngines())("a test's own database on $name", (engine) => {
  it("starts as the migrations left it, whatever the test before wrote", async () => {
    const clock = new TestClock();
    const first = await startTestServices(engine, { clock });
    const migrated = await contents(first);
    const { queued, pay, person } = seatFixtures(() => first.services, clock);
    await pay(await person("ada@example.com"), "ada@example.com");
    await queued("bo@example.com");
    await first.services.db.updateTable("cohorts").set({ capacity: 3 }).execute();
    expect(await contents(first)).not.toEqual(migrated);
    const firstUrl = first.config.databaseUrl;
    await first.cleanup();

    const second = await startTestServices(engine, { clock });
    try {
      // On PostgreSQL the worker hands the emptied database on; its rows are the template's again.
      if (engine.name === "postgres") expect(second.config.databaseUrl).toBe(firstUrl);
      expect(await contents(second)).toEqual(migrated);
      const cohort = await second.services.db.selectFrom("cohorts").select("capacity").execute();
      expect(cohort).toEqual([{ capacity: 10 }]);
    } finally {
      await second.cleanup();
    }
  });

  it.runIf(engine.name === "postgres")(
    "is not handed on when the test changed its schema",
    async () => {
      const first = await startTestServices(engine);
      await sql`alter table outbox rename column text to body`.execute(first.services.db);
      const firstUrl = first.config.databaseUrl;
      await first.cleanup();
      const second = await startTestServices(engine);
      try {
        expect(second.config.databaseUrl).not.toBe(firstUrl);
        const columns = (await second.services.db.introspection.getTables())
          .find((table) => table.name === "outbox")!
          .columns.map((column) => column.name);
        expect(columns).toContain("text");
      } finally {
        await second.cleanup();
      }
    },
  );
});

describe("deleting rows before the rows they point at", () => {
  it("orders children before parents, however deep", () => {
    const order = childrenFirst(
      ["cohorts", "people", "payments", "refunds"],
      [
        { child: "payments", parent: "people" },
        { child: "payments", parent: "cohorts" },
        { child: "refunds", parent: "payments" },
        { child: "people", parent: "people" },
      ],
    );
    expect(order.indexOf("refunds")).toBeLessThan(order.indexOf("payments"));
    expect(order.indexOf("payments")).toBeLessThan(order.indexOf("people"));
    expect(order.indexOf("payments")).toBeLessThan(order.indexOf("cohorts"));
    expect(order).toHaveLength(4);
  });

  it("refuses a cycle rather than loop", () => {
    expect(() =>
      childrenFirst(
        ["a", "b"],
        [
          { child: "a", parent: "b" },
          { child: "b", parent: "a" },
        ],
      ),
    ).toThrow(/cycle/);
  });
});
