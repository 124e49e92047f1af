import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { testPaymentsBanner } from "../../app/features/payments/test-payments.words";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * The production build (`node server.js`) as a real deployment would start it: NODE_ENV=production,
 * an https PUBLIC_URL and no Stripe keys. It must refuse to start on the test checkout unless
 * PAYMENT_PROVIDER=test asks for it, and then say so on every page.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function startLive(dataDir: string, port: number, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["server.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: "https://fromscratchtosuccess.example",
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
      SESSION_SECRET: "production-guard-secret-production-guard",
      LOG_LEVEL: "silent",
      ...extra,
    },
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exited, stderr: () => stderr };
}

async function waitUntilReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start");
}

test.describe("a public https site without Stripe keys", () => {
  let dataDir: string;
  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "fsts-guard-"));
  });
  test.afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test("refuses to start, naming PAYMENT_PROVIDER", async () => {
    const server = startLive(dataDir, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain("PAYMENT_PROVIDER");
  });

  test("starts with PAYMENT_PROVIDER=test and shows the test-payments banner on every page", async ({
    page,
  }) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startLive(dataDir, port, { PAYMENT_PROVIDER: "test" });
    try {
      await waitUntilReady(url, server.child);
      for (const pathname of ["/", "/apply", "/enroll", "/resume-template", "/privacy", "/nope"]) {
        const html = await (await fetch(url + pathname)).text();
        expect(html, pathname).toContain(testPaymentsBanner.body);
      }
      await page.goto(`${url}/`);
      const banner = page.getByRole("complementary", { name: testPaymentsBanner.label });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(testPaymentsBanner.title);
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Apply Now" })
        .click();
      await expect(page).toHaveURL(/\/apply$/);
      await expect(banner).toBeVisible();
      await expectNoAxeViolations(page);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});

test.describe("finding 11: a public site without MAIL_POSTAL_ADDRESS", () => {
  let dataDir: string;
  test.beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "fsts-guard-"));
  });
  test.afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test("starts, and says at start that no marketing email is sent without it", async () => {
    const port = await freePort();
    const server = startLive(dataDir, port, { PAYMENT_PROVIDER: "test" });
    try {
      await waitUntilReady(`http://127.0.0.1:${port}`, server.child);
      expect(server.stderr()).toContain(
        "MAIL_POSTAL_ADDRESS is not set: no marketing email is sent",
      );
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  test("says nothing of it once it is set", async () => {
    const port = await freePort();
    const server = startLive(dataDir, port, {
      PAYMENT_PROVIDER: "test",
      MAIL_POSTAL_ADDRESS: "123 Main St, Springfield, IL 62701, USA",
    });
    try {
      await waitUntilReady(`http://127.0.0.1:${port}`, server.child);
      expect(server.stderr()).not.toContain("MAIL_POSTAL_ADDRESS");
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});
