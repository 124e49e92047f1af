import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError } from "./backup-files.server";

/** pg_dump and pg_restore, run as child processes, and what the restore asks the server. */

/** The password travels in PGPASSWORD, never on a command line that `ps` shows. */
export function splitPassword(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  return { url: url.toString(), password };
}

/** Runs a PostgreSQL client tool; its stdout, or a BackupError with the end of its stderr. */
export function runClientTool(command: string, args: string[], password?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: password ? { ...process.env, PGPASSWORD: password } : process.env,
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString("utf8")).slice(-2000);
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${command} was not found: install the PostgreSQL client tools (the server's major version or newer).`
            : `${command} could not start: ${error.message}`,
        ),
      );
    });
    child.once("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString("utf8"));
      else reject(new BackupError(`${command} failed (exit ${code}): ${err.trim()}`));
    });
  });
}

/** The schemas a dump writes into, from its table of contents. */
export function dumpedSchemas(listing: string): string[] {
  const schemas = new Set<string>();
  for (const line of listing.split("\n")) {
    const entry = /^\d+; \d+ \d+ (SCHEMA|TABLE) (?!DATA )(\S+) (\S+)/.exec(line);
    if (!entry) continue;
    schemas.add(entry[1] === "SCHEMA" ? entry[3]! : entry[2]!);
  }
  return schemas.size ? [...schemas] : ["public"];
}

export async function postgresTables(databaseUrl: string, schemas: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = any($1)",
      [schemas],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
