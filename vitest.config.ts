import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Database test files that replace a module with `vi.mock`: they need modules of their own, so
 * they run in a project that loads every module afresh for each file.
 */
const MOCKS_MODULES = ["app/features/accounts/accounts.db.test.ts"];

/**
 * The database suite is one project per engine, so SQLite and PostgreSQL files run side by side.
 * Each test copies a database migrated once by the global set-up (tests/support/db-templates.ts),
 * and a worker's files share its loaded modules (`isolate: false`): the app is imported once per
 * worker, not once per file. PostgreSQL joins when TEST_DATABASE_URL is set.
 */
function dbProjects(engine: "sqlite" | "postgres"): TestProjectInlineConfiguration[] {
  const test = {
    include: ["**/*.db.test.ts"],
    exclude: ["node_modules/**"],
    // The SQLite project never reaches PostgreSQL, not even the files that read the URL themselves.
    env: { TEST_ENGINE: engine, ...(engine === "sqlite" ? { TEST_DATABASE_URL: "" } : {}) },
    globalSetup: ["tests/support/db-templates.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  };
  return [
    {
      extends: true,
      test: {
        ...test,
        name: `db:${engine}`,
        exclude: [...test.exclude, ...MOCKS_MODULES],
        isolate: false,
      },
    },
    { extends: true, test: { ...test, name: `db:${engine}:isolated`, include: MOCKS_MODULES } },
  ];
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    env: { LOG_LEVEL: "silent" },
    // Vitest's default is one worker per CPU but one; the database tests wait on PostgreSQL and
    // the disk for much of their time, so a third worker keeps both CPUs busy.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Worker threads, not processes: the unit files share no process state, and starting
          // threads cost 37-46 s against 55-57 s for the same 1,374 tests (the database files
          // stay on processes: threads were no faster there).
          pool: "threads",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
        },
      },
      ...dbProjects("sqlite"),
      ...(process.env.TEST_DATABASE_URL ? dbProjects("postgres") : []),
    ],
  },
});
