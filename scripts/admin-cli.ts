// The admin accounts CLI's work (`npm run admin -- <command>`, scripts/admin.ts), given its
// arguments, environment and output, so that its tests run it in-process against a real database
// (and one of them runs the real command). There are no default credentials: every account is
// made here, with a password from ADMIN_PASSWORD or typed at a hidden prompt. A mentor
// (`--role mentor`) has no password: they sign in to /portal with a one-time link.
import { parseArgs } from "node:util";
import { z } from "../app/lib/zod";
import {
  AccountError,
  createAccount,
  listAccounts,
  resetPassword,
} from "../app/features/accounts/accounts.server";
import { openDatabase, type DB } from "../app/db/database.server";
import { mentorSchema, type MentorInput } from "../app/features/mentors/mentor-forms";
import { normaliseEmail } from "../app/lib/person-fields";
import { passwordProblem } from "../app/features/accounts/passwords.server";
import { addMentor, listMentors } from "../app/features/mentors/mentors.server";

const USAGE = `Usage:
  npm run admin -- create --email <email> [--role admin] [--no-admin]
  npm run admin -- create --email <email> --role mentor --name "<name>" [--bio "<bio>"] [--capacity <1-50>]
  npm run admin -- reset-password --email <email>
  npm run admin -- list

An admin's password comes from the ADMIN_PASSWORD environment variable, or is asked for (hidden)
when run in a terminal. A mentor has no password: they sign in at /portal with a one-time link
sent to their email; --capacity is their students per cohort (default 5). The database is
DATABASE_URL (default file:./data/app.db).`;

const ROLES = ["admin", "mentor"] as const;
type Role = (typeof ROLES)[number];
const MENTOR_OPTIONS = ["name", "bio", "capacity"] as const;

class UsageError extends Error {}

/** What the command reads and writes: the process's own in scripts/admin.ts, a test's in tests. */
export interface CliIo {
  env: Record<string, string | undefined>;
  /** The terminal, when there is one: a password is then typed at a hidden prompt. */
  terminal?: NodeJS.ReadStream;
  out: (line: string) => void;
  err: (line: string) => void;
}

function databaseUrl(env: CliIo["env"]): string {
  const url = env.DATABASE_URL || "file:./data/app.db";
  if (!/^(file:.+|postgres(ql)?:\/\/.+)$/.test(url)) {
    throw new UsageError("DATABASE_URL must be file:<path> or postgres://…");
  }
  return url;
}

function emailOption(value: string | undefined): string {
  if (!value) throw new UsageError("--email <email> is required.");
  const email = normaliseEmail(value);
  if (!z.email().safeParse(email).success) throw new UsageError(`Not an email address: ${value}`);
  return email;
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(stdin: NodeJS.ReadStream, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new UsageError("Cancelled."));
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(io: CliIo): Promise<string> {
  let password = io.env.ADMIN_PASSWORD;
  if (!password) {
    const terminal = io.terminal;
    if (!terminal?.isTTY) {
      throw new UsageError("Set ADMIN_PASSWORD, or run this in a terminal to type the password.");
    }
    password = await promptHidden(terminal, "Password: ");
    const problem = passwordProblem(password);
    if (problem) throw new AccountError(problem);
    if ((await promptHidden(terminal, "Repeat password: ")) !== password) {
      throw new UsageError("The passwords do not match.");
    }
  }
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
  return password;
}

function roleOption(value: string | undefined): Role {
  const role = value ?? "admin";
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`--role must be admin or mentor, not ${role}.`);
  }
  return role as Role;
}

/** A mentor's options read with the console's own rules (app/features/mentors/mentor-forms.ts). */
function mentorOptions(
  email: string,
  values: { name?: string; bio?: string; capacity?: string },
): MentorInput {
  if (values.name === undefined) throw new UsageError('--name "<name>" is required for a mentor.');
  const parsed = mentorSchema.safeParse({ email, ...values });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`--${String(issue.path[0] ?? "email")}: ${issue.message}.`);
  }
  return parsed.data;
}

async function createMentorAccount(db: DB, input: MentorInput, io: CliIo): Promise<void> {
  const created = await addMentor(db, "cli", input, new Date());
  if (created.kind === "duplicate") {
    throw new AccountError(
      `A mentor with ${input.email} already exists. Edit them at /admin/mentors instead.`,
    );
  }
  const { mentor } = created;
  io.out(
    `Created mentor ${mentor.name} <${mentor.email}>, ${mentor.capacity} students per cohort. They sign in at /portal with a one-time link.`,
  );
}

async function run(argv: string[], io: CliIo): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      admin: { type: "boolean", default: true },
      role: { type: "string" },
      name: { type: "string" },
      bio: { type: "string" },
      capacity: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    allowNegative: true,
  });
  const [command, ...extra] = positionals;
  if (values.help) {
    io.out(USAGE);
    return;
  }
  if (!command || extra.length > 0) throw new UsageError("Expected exactly one command.");
  if (!["create", "reset-password", "list"].includes(command)) {
    throw new UsageError(`Unknown command: ${command}`);
  }

  const role = roleOption(values.role);
  const mentorOnly = MENTOR_OPTIONS.filter((option) => values[option] !== undefined);
  if (command !== "create" && (values.role !== undefined || mentorOnly.length > 0)) {
    throw new UsageError("--role, --name, --bio and --capacity are options of create.");
  }
  if (role === "admin" && mentorOnly.length > 0) {
    throw new UsageError(`--${mentorOnly[0]} is for --role mentor.`);
  }
  if (role === "mentor" && !values.admin) {
    throw new UsageError("--no-admin is for admin accounts; a mentor has no password.");
  }

  const email = command === "list" ? null : emailOption(values.email);
  const mentor = role === "mentor" ? mentorOptions(email!, values) : null;
  const password = command === "list" || mentor ? null : await readPassword(io);
  const database = await openDatabase(databaseUrl(io.env));
  try {
    if (mentor) {
      await createMentorAccount(database.db, mentor, io);
    } else if (command === "create") {
      const account = await createAccount(
        database.db,
        { email: email!, password: password!, isAdmin: values.admin },
        new Date(),
      );
      io.out(`Created ${account.isAdmin ? "admin" : "non-admin"} account for ${account.email}.`);
    } else if (command === "reset-password") {
      await resetPassword(database.db, email!, password!);
      io.out(`Password reset for ${email}. Their sessions have been ended.`);
    } else {
      const accounts = await listAccounts(database.db);
      const mentors = await listMentors(database.db);
      if (accounts.length === 0 && mentors.length === 0) io.out("No accounts yet.");
      for (const account of accounts) {
        io.out(
          [account.email, account.isAdmin ? "admin" : "not-admin", account.createdAt].join("\t"),
        );
      }
      for (const m of mentors) {
        const state = m.isActive ? "mentor" : "mentor-deactivated";
        io.out([m.email, state, m.createdAt, m.name, `capacity ${m.capacity}`].join("\t"));
      }
    }
  } finally {
    await database.close();
  }
}

/**
 * Runs one command and answers its exit code: 0 done, 1 refused (a bad password, an account that
 * exists or does not) or failed, 2 misused (the usage is printed too).
 */
export async function adminCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof AccountError) {
      io.err(`Error: ${error.message}`);
      if (error instanceof UsageError) io.err(`\n${USAGE}`);
      return error instanceof UsageError ? 2 : 1;
    }
    io.err(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}
