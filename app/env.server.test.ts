import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "fsts-env-"));

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.databaseUrl).toBe("file:./data/app.db");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.paymentProvider).toBe("test");
    expect(config.smtpUrl).toBeUndefined();
  });

  it("names the variable when a value is bad", () => {
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir() })).toThrow(
      /DATABASE_URL/,
    );
  });

  it("keeps a generated session secret across restarts", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("warns on PostgreSQL without a shared SESSION_SECRET (several instances need one)", () => {
    const postgres = { DATABASE_URL: "postgres://db/app", DATA_DIR: dataDir() };
    const warns = (env: Record<string, string>) =>
      loadConfig(env).warnings.some((w) => w.startsWith("SESSION_SECRET"));
    expect(warns(postgres)).toBe(true);
    expect(warns({ ...postgres, SESSION_SECRET: "x".repeat(32) })).toBe(false);
    expect(warns({ DATA_DIR: dataDir() })).toBe(false);
  });

  it("refuses stripe without its keys", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe", DATA_DIR: dataDir() })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });
});
