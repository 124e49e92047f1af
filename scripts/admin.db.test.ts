import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCredentials } from "../app/features/accounts/accounts.server";
import { openDatabase, type DatabaseHandle } from "../app/db/database.server";
import { scratchDatabase, testEngines } from "../tests/support/databases";
import { adminCli } from "./admin-cli";

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
      // The CLI takes only DATABASE_URL, so it gets a database of its own (empty: it migrates).
      const scratch = await scratchDatabase(engine.url);
      databaseUrl = scratch.url;
      cleanup = scratch.drop;
    }
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup();
  });

  /**
   * Runs the CLI's command in-process (scripts/admin-cli.ts) against the test's database, with no
   * terminal, and collects what it prints as the process would: a line each. The last test runs
   * the real `npm run admin` once.
   */
  async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
    let stdout = "";
    let stderr = "";
    const code = await adminCli(args, {
      env: { DATABASE_URL: databaseUrl, ...env },
      out: (line) => (stdout += `${line}\n`),
      err: (line) => (stderr += `${line}\n`),
    });
    return { code, stdout, stderr };
  }

  /** `tsx scripts/admin.ts …` as `npm run admin -- …` runs it, with stdin closed (no terminal). */
  function command(args: string[], env: Record<string, string> = {}): Promise<Run> {
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

  it(
    "creates a mentor without a password, refuses a duplicate, and lists them",
    { timeout: 120_000 },
    async () => {
      const created = await cli([
        "create",
        "--email",
        "Mentor@Example.com",
        "--role",
        "mentor",
        "--name",
        "Jane  Doe",
        "--bio",
        "Ten years in wealth management.",
        "--capacity",
        "4",
      ]);
      expect(created).toMatchObject({
        code: 0,
        stdout:
          "Created mentor Jane Doe <mentor@example.com>, 4 students per cohort. They sign in at /portal with a one-time link.\n",
      });
      const defaults = await cli([
        "create",
        "--email",
        "sam@example.com",
        "--role",
        "mentor",
        "--name",
        "Sam Lee",
      ]);
      expect(defaults.stdout).toContain("Sam Lee <sam@example.com>, 5 students per cohort");
      const duplicate = await cli([
        "create",
        "--email",
        "mentor@example.com",
        "--role",
        "mentor",
        "--name",
        "Again",
      ]);
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain(
        "A mentor with mentor@example.com already exists. Edit them at /admin/mentors instead.",
      );

      const list = await cli(["list"]);
      expect(list.stdout).toContain("mentor@example.com\tmentor\t");
      expect(list.stdout).toContain("sam@example.com\tmentor\t");

      handle ??= await openDatabase(databaseUrl, { migrate: false });
      const mentors = await handle.db
        .selectFrom("mentors")
        .select(["email", "name", "bio", "capacity", "is_active"])
        .orderBy("email")
        .execute();
      expect(mentors.map((row) => ({ ...row, capacity: Number(row.capacity) }))).toEqual([
        {
          email: "mentor@example.com",
          name: "Jane Doe",
          bio: "Ten years in wealth management.",
          capacity: 4,
          is_active: 1,
        },
        { email: "sam@example.com", name: "Sam Lee", bio: "", capacity: 5, is_active: 1 },
      ]);
      // A mentor has no password: no admin account is made for them.
      const accounts = await handle.db.selectFrom("admin_users").select("email").execute();
      expect(accounts.map((row) => row.email)).not.toContain("mentor@example.com");
      const audit = await handle.db
        .selectFrom("audit_log")
        .select(["actor", "action"])
        .where("action", "=", "mentor.create")
        .execute();
      expect(audit).toEqual([
        { actor: "cli", action: "mentor.create" },
        { actor: "cli", action: "mentor.create" },
      ]);
    },
  );

  it.runIf(engine.name === "sqlite")(
    "refuses a mentor's bad options with a clear message and writes nothing",
    { timeout: 120_000 },
    async () => {
      const mentor = (extra: string[]) =>
        cli(["create", "--email", "new.mentor@example.com", "--role", "mentor", ...extra]);
      const runs = await Promise.all([
        mentor([]),
        mentor(["--name", "   "]),
        mentor(["--name", "New", "--capacity", "0"]),
        mentor(["--name", "New", "--capacity", "51"]),
        mentor(["--name", "New", "--capacity", "2.5"]),
        cli(["create", "--email", "new.mentor@example.com", "--capacity", "3"], {
          ADMIN_PASSWORD: "a long enough password",
        }),
        cli(["create", "--email", "new.mentor@example.com", "--role", "boss"]),
        mentor(["--name", "New", "--no-admin"]),
      ]);
      const capacity = "--capacity: Capacity is a whole number of students, from 1 to 50.";
      const messages = [
        '--name "<name>" is required for a mentor.',
        "--name: Please enter the mentor's name.",
        capacity,
        capacity,
        capacity,
        "--capacity is for --role mentor.",
        "--role must be admin or mentor, not boss.",
        "--no-admin is for admin accounts; a mentor has no password.",
      ];
      runs.forEach((run, index) => {
        expect(run.code, messages[index]).toBe(2);
        expect(run.stderr).toContain(`Error: ${messages[index]}`);
      });
      handle ??= await openDatabase(databaseUrl, { migrate: false });
      for (const table of ["mentors", "admin_users"] as const) {
        const emails = await handle.db.selectFrom(table).select("email").execute();
        expect(emails.map((row) => row.email)).not.toContain("new.mentor@example.com");
      }
    },
  );

  it(
    "runs as `npm run admin`: the process prints, exits with the command's code, and reads no terminal",
    { timeout: 120_000 },
    async () => {
      const created = await command(["create", "--email", "process@example.com"], {
        ADMIN_PASSWORD: "process long password",
      });
      expect(created).toMatchObject({
        code: 0,
        stdout: "Created admin account for process@example.com.\n",
      });
      const noPassword = await command(["create", "--email", "other@example.com"]);
      expect(noPassword.code).toBe(2);
      expect(noPassword.stderr).toContain("Set ADMIN_PASSWORD");
    },
  );
});
