import { defineConfig, devices } from "@playwright/test";
import { e2eDataDir as dataDir, e2eDatabaseUrl, e2ePort as port } from "./tests/e2e/env";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: {
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node server.js`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: e2eDatabaseUrl,
      PUBLIC_URL: `http://localhost:${port}`,
      MAIL_WORKER_INTERVAL_MS: "200",
      RATE_LIMIT_PER_MINUTE: "1000",
      EMAILS_PER_RECIPIENT_PER_HOUR: "1000",
      // Every test browser comes from 127.0.0.1; the per-address caps have their db tests.
      HOLDS_PER_ADDRESS: "1000",
      LOG_LEVEL: "silent",
    },
  },
});
