import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCredentials } from "../app/accounts/accounts.server";
import { openDatabase, type DatabaseHandle } from "../app/db/database.server";
import { testEngines } from "../tests/support/databases";

const ROOT = path.resolve(import.meta.dirname, "..");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe.each(testEngines())("admin CLI on $name", (engine) => {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    if (engine.name === "sqlite") {
      const dir = mkdtempSync(path.join(tmpdir(), "fsts-cli-"));
      databaseUrl = `file:${path.join(dir, "cli.db")}`;
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      // The CLI takes only DATABASE_URL, so it gets a database of its own.
      const name = `fsts_cli_${randomBytes(6).toString("hex")}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: engine.url });
        await client.connect();
        await client.query(statement);
        await client.end();
      };
      await admin(`create database ${name}`);
      const url = new URL(engine.url);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      cleanup = async () => {
        await admin(`drop database if exists ${name} with (force)`);
      };
    }
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup();
  });

  /** Runs `tsx scripts/admin.ts …` as `npm run admin -- …` does, with stdin closed (no terminal). */
  function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        ["--import", "tsx", "scripts/admin.ts", ...args],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", ...env },
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
  }

  it(
    "creates (admin and not), refuses duplicates, lists, and resets a password",
    { timeout: 120_000 },
    async () => {
      const created = await cli(["create", "--email", "Boss@Example.com"], {
        ADMIN_PASSWORD: "first long password",
      });
      expect(created).toMatchObject({
        code: 0,
        stdout: "Created admin account for boss@example.com.\n",
      });

      const staff = await cli(["create", "--email", "staff@example.com", "--no-admin"], {
        ADMIN_PASSWORD: "staff long password",
      });
      expect(staff.stdout).toBe("Created non-admin account for staff@example.com.\n");

      const duplicate = await cli(["create", "--email", "boss@example.com"], {
        ADMIN_PASSWORD: "another long password",
      });
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain(
        "An account for boss@example.com already exists. Use reset-password instead.",
      );

      const list = await cli(["list"]);
      expect(list.code).toBe(0);
      const lines = list.stdout
        .trim()
        .split("\n")
        .map((line) => line.split("\t"));
      expect(lines.map(([email, flag]) => [email, flag]).sort()).toEqual([
        ["boss@example.com", "admin"],
        ["staff@example.com", "not-admin"],
      ]);
      for (const line of lines) expect(line[2]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(list.stdout).not.toContain("password");

      const reset = await cli(["reset-password", "--email", "boss@example.com"], {
        ADMIN_PASSWORD: "second long password",
      });
      expect(reset.code).toBe(0);

      handle = await openDatabase(databaseUrl, { migrate: false });
      expect(
        (await checkCredentials(handle.db, "boss@example.com", "first long password")).ok,
      ).toBe(false);
      expect(
        (await checkCredentials(handle.db, "boss@example.com", "second long password")).ok,
      ).toBe(true);
    },
  );

  it.runIf(engine.name === "sqlite")(
    "refuses bad input with a clear message and writes nothing",
    { timeout: 120_000 },
    async () => {
      const [short, noPassword, badEmail, unknown, usage] = await Promise.all([
        cli(["create", "--email", "new@example.com"], { ADMIN_PASSWORD: "too short" }),
        cli(["create", "--email", "new@example.com"]),
        cli(["create", "--email", "not-an-email"], { ADMIN_PASSWORD: "first long password" }),
        cli(["reset-password", "--email", "nobody@example.com"], {
          ADMIN_PASSWORD: "second long password",
        }),
        cli(["frobnicate"]),
      ]);
      expect(short.code).toBe(1);
      expect(short.stderr).toContain("The password must be at least 12 characters long.");
      expect(noPassword.code).toBe(2);
      expect(noPassword.stderr).toContain("Set ADMIN_PASSWORD");
      expect(badEmail.code).toBe(2);
      expect(badEmail.stderr).toContain("Not an email address: not-an-email");
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("No account exists for nobody@example.com.");
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("Usage:");
      handle ??= await openDatabase(databaseUrl, { migrate: false });
      const emails = await handle.db.selectFrom("admin_users").select("email").execute();
      expect(emails.map((row) => row.email)).not.toContain("new@example.com");
    },
  );
});
