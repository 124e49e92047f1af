/**
 * Structured one-line JSON logs through one pino logger. Callers pass only operational fields:
 * never form data, emails, cookies, passwords or secrets.
 */
import { pino, type DestinationStream, type Logger } from "pino";

type Fields = Record<string, string | number | boolean | null | undefined>;

/**
 * A logger writing `{"level":"info","time":"…","msg":"…",…fields}` lines at `level` and above
 * (`LOG_LEVEL`, default info; `silent` writes nothing). By default to standard output, buffered
 * while a write is in flight and flushed on exit (pino's asynchronous destination).
 */
export function createLogger(
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
  level = process.env.LOG_LEVEL || "info",
) {
  const logger: Logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const at =
    (method: "info" | "warn" | "error") =>
    (msg: string, fields: Fields = {}) =>
      logger[method](fields, msg);
  return { pino: logger, info: at("info"), warn: at("warn"), error: at("error") };
}

export const log = createLogger();

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
