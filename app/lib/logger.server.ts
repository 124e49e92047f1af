/**
 * Structured one-line JSON logs. Callers pass only operational fields: never form data,
 * emails, cookies, passwords or secrets.
 *
 * Info and warn lines are gathered and written once per turn of the event loop (one write for
 * every request a busy instance finished in that turn, rather than a console call each); errors
 * are written at once, after whatever was waiting, so the order is kept. What is waiting is
 * written before the process exits.
 */
import { writeSync } from "node:fs";

type Level = "info" | "warn" | "error";
type Fields = Record<string, string | number | boolean | null | undefined>;

let pending = "";
let scheduled = false;

function flush() {
  scheduled = false;
  if (!pending) return;
  const lines = pending;
  pending = "";
  process.stdout.write(lines);
}

process.once("exit", () => {
  if (pending) writeSync(1, pending);
  pending = "";
});

function write(level: Level, msg: string, fields: Fields = {}) {
  if (process.env.LOG_LEVEL === "silent") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") {
    flush();
    console.error(line);
    return;
  }
  pending += line + "\n";
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
