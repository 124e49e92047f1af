import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { DB } from "../../app/db/database.server";
import type { Database } from "../../app/db/schema";
import type { Services } from "../../app/context";
import { startTestServices, type TestClock, type TestEngine, type TestServices } from "./databases";

export type Table = keyof Database;

/** The services of a describe block, read at the moment a test or hook uses them. */
export interface SuiteServices extends Omit<TestServices, "cleanup"> {
  /** Fresh services on an empty database, for a test that broke the schema on purpose. */
  restart(): Promise<void>;
}

/**
 * Services started once for a describe block and cleaned up after it, or with `perTest` started
 * afresh for each test. Before each test the clock (when there is one) moves on two minutes (past
 * the double-submit window and the per-minute rate limits) and the tables in `empty` are emptied,
 * in that order (children before the rows they point at).
 */
export function useTestServices(
  engine: TestEngine,
  options: {
    clock?: TestClock;
    empty?: readonly Table[];
    env?: Record<string, string>;
    perTest?: boolean;
  } = {},
): SuiteServices {
  let current: TestServices | undefined;
  const start = async () => {
    current = await startTestServices(engine, { clock: options.clock, env: options.env });
  };
  // Cleared before cleanup (even one that throws), so nothing later runs on closed services.
  const stop = async () => {
    const done = current;
    current = undefined;
    await done?.cleanup();
  };
  const live = (): TestServices => {
    if (!current) throw new Error("the suite's services are used before they started");
    return current;
  };
  if (options.perTest) {
    beforeEach(start);
    afterEach(stop);
  } else {
    beforeAll(start);
    afterAll(stop);
  }
  const { empty } = options;
  if (empty) {
    beforeEach(async () => {
      options.clock?.advance(120_000);
      for (const table of empty) await live().services.db.deleteFrom(table).execute();
    });
  }
  return {
    get services(): Services {
      return live().services;
    },
    get config() {
      return live().config;
    },
    get dataDir() {
      return live().dataDir;
    },
    get schema() {
      return live().schema;
    },
    async restart() {
      await live().cleanup();
      await start();
    },
  };
}

/** How many rows a table holds. */
export async function countRows(db: DB, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
