import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadBackupSettings, loadConfig, persistentSecret } from "./env.server";

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
    expect(config.sqliteSynchronous).toBe("full");
  });

  it("names the variable when a value is bad", () => {
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc", DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: dataDir() })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: "extra", DATA_DIR: dataDir() })).toThrow(
      /SQLITE_SYNCHRONOUS/,
    );
  });

  it("lists previous session secrets after the current one, for rotation", () => {
    const current = "c".repeat(32);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SESSION_SECRET: current,
      SESSION_SECRET_PREVIOUS: `${"a".repeat(32)},${"b".repeat(32)}`,
    });
    expect(config.sessionSecrets).toEqual([current, "a".repeat(32), "b".repeat(32)]);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET_PREVIOUS: "short,also-short" }),
    ).toThrow(/SESSION_SECRET_PREVIOUS/);
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

  describe("finding 11: MAIL_POSTAL_ADDRESS", () => {
    const live = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://fromscratchtosuccess.example",
      PAYMENT_PROVIDER: "test",
    };
    const address = "123 Main St, Springfield, IL 62701, USA";

    it("is the footer's address when set, and refused when not one line of a real length", () => {
      expect(
        loadConfig({ ...live, DATA_DIR: dataDir(), MAIL_POSTAL_ADDRESS: address }),
      ).toMatchObject({ mailPostalAddress: address });
      for (const bad of ["USA", "123 Main St\nSpringfield, IL 62701", "x".repeat(301)]) {
        expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_POSTAL_ADDRESS: bad })).toThrow(
          /MAIL_POSTAL_ADDRESS/,
        );
      }
    });

    it("without it a public https site sends no marketing and says so at start", () => {
      const config = loadConfig({ ...live, DATA_DIR: dataDir() });
      expect(config.mailPostalAddress).toBeNull();
      expect(config.warnings.some((w) => w.startsWith("MAIL_POSTAL_ADDRESS is not set: no"))).toBe(
        true,
      );
    });

    it("without it `npm start` on localhost (production, http) still works, with a labelled placeholder", () => {
      const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() });
      expect(config.mailPostalAddress).toBe(
        "[Postal address not configured: set MAIL_POSTAL_ADDRESS]",
      );
      expect(config.warnings.some((w) => w.startsWith("MAIL_POSTAL_ADDRESS"))).toBe(true);
    });
  });

  it("refuses stripe without its keys", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe", DATA_DIR: dataDir() })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });

  it("asks Stripe Tax for the tax only with STRIPE_AUTOMATIC_TAX=1, and says when it cannot", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_123" };
    expect(loadConfig({ ...stripe, DATA_DIR: dataDir() }).stripeAutomaticTax).toBe(false);
    const on = loadConfig({ ...stripe, STRIPE_AUTOMATIC_TAX: "1", DATA_DIR: dataDir() });
    expect(on.stripeAutomaticTax).toBe(true);
    expect(on.warnings.join("\n")).not.toContain("STRIPE_AUTOMATIC_TAX");
    expect(() => loadConfig({ STRIPE_AUTOMATIC_TAX: "yes", DATA_DIR: dataDir() })).toThrow(
      /STRIPE_AUTOMATIC_TAX: must be 1 \(on\) or 0 \(off\)/,
    );
    const test = loadConfig({ STRIPE_AUTOMATIC_TAX: "1", DATA_DIR: dataDir() });
    expect(test.warnings.join("\n")).toContain("STRIPE_AUTOMATIC_TAX is 1 but payments use");
  });

  describe("a public site without Stripe", () => {
    const live = () => ({
      NODE_ENV: "production",
      PUBLIC_URL: "https://fromscratchtosuccess.com",
      DATA_DIR: dataDir(),
    });

    it("refuses to start on the test checkout unless PAYMENT_PROVIDER=test says so", () => {
      expect(() => loadConfig(live())).toThrow(ConfigError);
      expect(() => loadConfig(live())).toThrow(/PAYMENT_PROVIDER/);
      const config = loadConfig({ ...live(), PAYMENT_PROVIDER: "test" });
      expect(config.paymentProvider).toBe("test");
      expect(config.testPaymentsBanner).toBe(true);
    });

    it("starts on Stripe without a banner", () => {
      const config = loadConfig({
        ...live(),
        STRIPE_SECRET_KEY: "sk_test_123",
        STRIPE_WEBHOOK_SECRET: "whsec_123",
      });
      expect(config.paymentProvider).toBe("stripe");
      expect(config.testPaymentsBanner).toBe(false);
    });

    it("leaves a local or development site on the test checkout as before", () => {
      for (const env of [
        { PUBLIC_URL: "http://localhost:3000" },
        { NODE_ENV: "development", PUBLIC_URL: "https://fromscratchtosuccess.com" },
        { NODE_ENV: "test", PUBLIC_URL: "https://fromscratchtosuccess.com" },
      ]) {
        const config = loadConfig({ ...env, DATA_DIR: dataDir() });
        expect(config.paymentProvider).toBe("test");
        expect(config.testPaymentsBanner).toBe(false);
      }
    });
  });

  it("reads the backup and retention settings with their defaults", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.backupDir).toBe(path.join(dir, "backups"));
    expect(config.backupKeep).toBe(14);
    expect(config.backupEveryHours).toBeNull();
    expect(config.resumeKeepDays).toBe(180);
    expect(config.visitorIdKeepDays).toBe(90);
    const set = loadConfig({
      DATA_DIR: dir,
      BACKUP_DIR: "/srv/backups",
      BACKUP_KEEP: "30",
      BACKUP_EVERY_HOURS: "6",
      RESUME_KEEP_DAYS: "30",
      VISITOR_ID_KEEP_DAYS: "7",
    });
    expect(set).toMatchObject({
      backupDir: "/srv/backups",
      backupKeep: 30,
      backupEveryHours: 6,
      resumeKeepDays: 30,
      visitorIdKeepDays: 7,
    });
    for (const [name, value] of [
      ["BACKUP_KEEP", "0"],
      ["BACKUP_EVERY_HOURS", "-1"],
      ["RESUME_KEEP_DAYS", "soon"],
      ["VISITOR_ID_KEEP_DAYS", "1.5"],
    ])
      expect(() => loadConfig({ DATA_DIR: dir, [name!]: value })).toThrow(new RegExp(name!));
  });

  it("gives the backup commands their settings without the server's checks", () => {
    const settings = loadBackupSettings({
      NODE_ENV: "production",
      PUBLIC_URL: "https://fromscratchtosuccess.com",
      DATABASE_URL: "postgres://db/app",
      DATA_DIR: "/srv/data",
    });
    expect(settings).toEqual({
      databaseUrl: "postgres://db/app",
      backupDir: path.join("/srv/data", "backups"),
      backupKeep: 14,
    });
    expect(() => loadBackupSettings({ BACKUP_KEEP: "none" })).toThrow(/BACKUP_KEEP/);
  });
});

describe("the session secret kept in the data directory", () => {
  it("is made once, whole, private, and read back the same; no temporary file is left", () => {
    const dir = dataDir();
    const first = persistentSecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(persistentSecret(dir)).toBe(first);
    expect(readdirSync(dir)).toEqual(["session-secret"]);
    expect(statSync(path.join(dir, "session-secret")).mode & 0o777).toBe(0o600);
    rmSync(dir, { recursive: true, force: true });
  });
});
