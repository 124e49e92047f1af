import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { e2eServer, e2eSessionSecret, e2eWorkers, e2ePort } from "./tests/e2e/env";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: e2eWorkers,
  // A test that needs a retry to pass is a bug.
  retries: 0,
  reporter: [["list"]],
  // A two-core machine running two servers and two browsers: a minute for a test, longer flows
  // set their own.
  timeout: 60_000,
  use: {
    // Read in each worker, where env.ts points at that worker's own server.
    baseURL: `http://localhost:${e2ePort}`,
    // No trace: recording one costs about a third of the suite's time, and CI keeps only what the
    // run prints. To look into a failure, run it again with `--trace on`.
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  // One server per worker, each with its own data directory and database.
  webServer: Array.from({ length: e2eWorkers }, (_, slot) => {
    const { port, dataDir, databaseUrl } = e2eServer(slot);
    return {
      command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node server.js`,
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: `http://localhost:${port}`,
        SESSION_SECRET: e2eSessionSecret,
        // No test is about surviving a power cut: commits skip the fsync.
        SQLITE_SYNCHRONOUS: "off",
        // The mail job and the jobs that queue email run every second. Every 200 ms, the ~15 jobs'
        // polling cost the two servers about 15% of the suite's CPU; a test that waits for an
        // email waits at most a second or two more (expect.poll's default 5 s covers it).
        MAIL_WORKER_INTERVAL_MS: "1000",
        RATE_LIMIT_PER_MINUTE: "1000",
        EMAILS_PER_RECIPIENT_PER_HOUR: "1000",
        // Every test browser comes from 127.0.0.1; the per-address caps have their db tests.
        HOLDS_PER_ADDRESS: "1000",
        LOG_LEVEL: "silent",
      },
    };
  }),
});

/**
 * Debian's old headless shell when it is installed (package chromium-headless-shell: the same
 * Blink, without the desktop browser's processes; the e2e suite runs in about two thirds of the
 * time), else Debian's Chromium.
 */
function chromiumPath() {
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}
