/**
 * Shared by playwright.config.ts and the specs: each Playwright worker has a server of its own
 * (its port, data directory and SQLite database), so workers never see each other's cohort.
 * Playwright tells each worker its slot in TEST_PARALLEL_INDEX (0 … workers − 1).
 */
const e2eBasePort = Number(process.env.E2E_PORT ?? 3210);

/** Workers, and so servers: one per CPU core the machine's two can spare (E2E_WORKERS). */
export const e2eWorkers = Number(process.env.E2E_WORKERS ?? 2);

/** The cookie secret every e2e server signs with, so a fixture can write a signed-in session. */
export const e2eSessionSecret = "e2e-session-secret-e2e-session-secret";

export function e2eServer(slot: number) {
  const port = e2eBasePort + slot;
  const dataDir = `.e2e-data/${port}`;
  return { port, dataDir, databaseUrl: `file:${dataDir}/e2e.db` };
}

const mine = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** This worker's server. */
export const e2ePort = mine.port;
export const e2eDataDir = mine.dataDir;
export const e2eDatabaseUrl = mine.databaseUrl;
