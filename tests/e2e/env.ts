/** Shared by playwright.config.ts and the specs: where the e2e server keeps its data. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const e2eDataDir = `.e2e-data/${e2ePort}`;
export const e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? `file:${e2eDataDir}/e2e.db`;
