import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** A port nobody listens on right now (the OS picks it); used for the app, nginx and "SMTP down". */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `fsts-bench-${prefix}-`));
}

const started = new Set<ChildProcess>();

/** Remembers a child so an interrupted bench can still end it (and only it). */
export function track(child: ChildProcess): ChildProcess {
  started.add(child);
  child.once("exit", () => started.delete(child));
  return child;
}

const extraKills = new Set<() => void>();

/** Also run `kill` when the bench is interrupted (for processes a child started, like nginx's worker). */
export function onKillStarted(kill: () => void): () => void {
  extraKills.add(kill);
  return () => extraKills.delete(kill);
}

/** SIGKILL to every child this bench started that is still running. */
export function killStarted() {
  for (const kill of extraKills) kill();
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface ServerOptions {
  /** Where the app keeps its mailbox and secret; a fresh temp dir when absent. */
  dataDir?: string;
  /** `file:…` or `postgres://…`; SQLite in dataDir when absent. */
  databaseUrl?: string;
  /** Kept across restarts so visitor cookies stay valid. */
  sessionSecret?: string;
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  /** Its stdout and stderr (one JSON line per request). */
  logFile: string;
  dataDir: string;
  databaseUrl: string;
  sessionSecret: string;
  /** SIGTERM (graceful: the server closes, the worker stops, the database closes), SIGKILL after 8 s. */
  stop(): Promise<void>;
  /** kill -9: no shutdown code runs. */
  kill(): Promise<void>;
}

/**
 * Starts the production build (`node server.js`) on a free loopback port with a clean environment:
 * only the variables named here, so nothing from the caller's shell (DATABASE_URL, SMTP_URL…) leaks in.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? tempDir("data");
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = options.databaseUrl ?? `file:${path.join(dataDir, "app.db")}`;
  const sessionSecret = options.sessionSecret ?? randomBytes(24).toString("hex");
  const logFile = path.join(dataDir, `server-${port}.log`);
  const log = openSync(logFile, "a");
  const child = track(
    spawn(process.execPath, ["server.js"], {
      cwd: ROOT,
      stdio: ["ignore", log, log],
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: process.env.HOME ?? tmpdir(),
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: sessionSecret,
        ...options.env,
      },
    }),
  );
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // PostgreSQL migrations at first start take a moment; 30 s is plenty even on a busy machine.
  await waitUntilReady(url, child, logFile, 30_000);

  return {
    url,
    port,
    pid: child.pid!,
    logFile,
    dataDir,
    databaseUrl,
    sessionSecret,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 8_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  logFile: string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before it was ready; see ${logFile}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`server was not ready within ${timeoutMs} ms; see ${logFile}`);
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
