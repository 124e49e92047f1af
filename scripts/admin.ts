// Admin accounts CLI: `npm run admin -- <command>`. There are no default credentials: every
// account is made here, with a password from ADMIN_PASSWORD or typed at a hidden prompt. A
// mentor (`--role mentor`) has no password: they sign in to /portal with a one-time link.
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

function databaseUrl(): string {
  const url = process.env.DATABASE_URL || "file:./data/app.db";
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
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
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

async function readPassword(): Promise<string> {
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY) {
      throw new UsageError("Set ADMIN_PASSWORD, or run this in a terminal to type the password.");
    }
    password = await promptHidden("Password: ");
    const problem = passwordProblem(password);
    if (problem) throw new AccountError(problem);
    if ((await promptHidden("Repeat password: ")) !== password) {
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

async function createMentorAccount(db: DB, input: MentorInput): Promise<void> {
  const created = await addMentor(db, "cli", input, new Date());
  if (created.kind === "duplicate") {
    throw new AccountError(
      `A mentor with ${input.email} already exists. Edit them at /admin/mentors instead.`,
    );
  }
  const { mentor } = created;
  console.log(
    `Created mentor ${mentor.name} <${mentor.email}>, ${mentor.capacity} students per cohort. They sign in at /portal with a one-time link.`,
  );
}

async function run(argv: string[]): Promise<void> {
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
    console.log(USAGE);
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
  const password = command === "list" || mentor ? null : await readPassword();
  const database = await openDatabase(databaseUrl());
  try {
    if (mentor) {
      await createMentorAccount(database.db, mentor);
    } else if (command === "create") {
      const account = await createAccount(
        database.db,
        { email: email!, password: password!, isAdmin: values.admin },
        new Date(),
      );
      console.log(
        `Created ${account.isAdmin ? "admin" : "non-admin"} account for ${account.email}.`,
      );
    } else if (command === "reset-password") {
      await resetPassword(database.db, email!, password!);
      console.log(`Password reset for ${email}. Their sessions have been ended.`);
    } else {
      const accounts = await listAccounts(database.db);
      const mentors = await listMentors(database.db);
      if (accounts.length === 0 && mentors.length === 0) console.log("No accounts yet.");
      for (const account of accounts) {
        console.log(
          [account.email, account.isAdmin ? "admin" : "not-admin", account.createdAt].join("\t"),
        );
      }
      for (const m of mentors) {
        const state = m.isActive ? "mentor" : "mentor-deactivated";
        console.log([m.email, state, m.createdAt, m.name, `capacity ${m.capacity}`].join("\t"));
      }
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof AccountError) {
      console.error(`Error: ${error.message}`);
      if (error instanceof UsageError) console.error(`\n${USAGE}`);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
    console.error(error);
    process.exit(1);
  },
);
