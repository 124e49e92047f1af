import autocannon, { type Result } from "autocannon";
import {
  APPLY_PATH,
  applicationBody,
  FORM_HEADERS,
  LEAD_PATH,
  leadBody,
  visitorCookie,
} from "./lib/forms";
import { benchNginx } from "./lib/nginx";
import { createBenchDatabase } from "./lib/postgres";
import { removeDir, startServer, tempDir, type RunningServer } from "./lib/server";
import { round } from "./lib/format";
import type { LoadRun, LoadSection } from "./lib/types";

export interface LoadOptions {
  durationSeconds: number;
  connections: number;
  /** A PostgreSQL server to create a throwaway database on; SQLite only when absent. */
  postgresUrl?: string;
}

/** Form posts are rate limited per IP; every load request comes from 127.0.0.1. */
const NO_RATE_LIMIT = { RATE_LIMIT_PER_MINUTE: "1000000000" };

export interface Scenario {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** For posts: the body of the n-th request (a new email each time, so every post writes). */
  body?: (n: number) => string;
}

const SCENARIOS: Scenario[] = [
  { name: "home (kept live parts)", method: "GET", path: "/" },
  { name: "SSR + cohort read", method: "GET", path: "/enroll" },
  {
    name: "lead submission",
    method: "POST",
    path: LEAD_PATH,
    body: (n) => leadBody(`load-lead-${n}@example.com`),
  },
  {
    name: "application → waitlist",
    method: "POST",
    path: APPLY_PATH,
    body: (n) => applicationBody(`load-apply-${n}@example.com`),
  },
];

/** Loopback load with autocannon: each scenario runs for a fixed time with a fixed number of connections. */
export async function runLoad(options: LoadOptions): Promise<LoadSection> {
  const section: LoadSection = {
    durationSeconds: options.durationSeconds,
    connections: options.connections,
    runs: [],
    nginx: { installed: false },
    skipped: [],
    errors: [],
  };

  const sqliteDir = tempDir("load-sqlite");
  try {
    const sqlite = await startServer({ dataDir: sqliteDir, env: NO_RATE_LIMIT });
    try {
      section.runs.push(...(await runScenarios("sqlite", sqlite, options)));
      const cookie = await visitorCookie(sqlite.url);
      section.nginx = await benchNginx(sqlite.url, (url) =>
        cannon(url, SCENARIOS[0]!, cookie, {
          duration: options.durationSeconds,
          connections: options.connections,
          headers: { "accept-encoding": "gzip" },
        }),
      );
    } finally {
      await sqlite.stop();
    }
  } catch (error) {
    section.errors.push(`sqlite: ${(error as Error).message}`);
  } finally {
    removeDir(sqliteDir);
  }

  if (!options.postgresUrl) {
    section.skipped.push("PostgreSQL: BENCH_DATABASE_URL is not set");
    return section;
  }
  let database;
  try {
    database = await createBenchDatabase(options.postgresUrl);
  } catch (error) {
    section.errors.push(`postgres: could not create a database: ${(error as Error).message}`);
    return section;
  }
  const pgDir = tempDir("load-pg");
  try {
    const server = await startServer({
      dataDir: pgDir,
      databaseUrl: database.url,
      env: NO_RATE_LIMIT,
    });
    try {
      section.runs.push(...(await runScenarios("postgres", server, options)));
    } finally {
      await server.stop();
    }
  } catch (error) {
    section.errors.push(`postgres: ${(error as Error).message}`);
  } finally {
    removeDir(pgDir);
    await database.drop();
  }
  return section;
}

async function runScenarios(
  engine: LoadRun["engine"],
  server: RunningServer,
  options: LoadOptions,
): Promise<LoadRun[]> {
  const cookie = await visitorCookie(server.url);
  const runs: LoadRun[] = [];
  for (const scenario of SCENARIOS) {
    // A short warm-up so module loading and JIT compilation stay out of the measured run.
    await cannon(server.url, scenario, cookie, { amount: 200, connections: 10 });
    const result = await cannon(server.url, scenario, cookie, {
      duration: options.durationSeconds,
      connections: options.connections,
    });
    const run = toRun(engine, scenario, result);
    runs.push(run);
    console.log(
      `  load ${engine.padEnd(8)} ${scenario.name.padEnd(24)} ${String(run.requestsPerSec).padStart(7)} req/s  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms  non-2xx/3xx ${run.badStatus}  errors ${run.errors} (timeouts ${run.timeouts})`,
    );
  }
  return runs;
}

let sequence = 0;

export function cannon(
  url: string,
  scenario: Scenario,
  cookie: string,
  limits: {
    duration?: number;
    amount?: number;
    connections: number;
    headers?: Record<string, string>;
  },
): Promise<Result> {
  const post = scenario.method === "POST" && scenario.body;
  const { headers: extra, ...runLimits } = limits;
  return autocannon({
    url: url + scenario.path,
    ...runLimits,
    timeout: 10,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers: {
          ...extra,
          ...(cookie ? { cookie } : {}),
          ...(post ? { ...FORM_HEADERS, origin: url } : {}),
        },
        ...(post ? { setupRequest: (request) => ({ ...request, body: post(++sequence) }) } : {}),
      },
    ],
  });
}

function toRun(engine: LoadRun["engine"], scenario: Scenario, r: Result): LoadRun {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {}))
    statusCodes[code] = stat.count;
  return {
    engine,
    scenario: scenario.name,
    method: scenario.method,
    path: scenario.path,
    requestsPerSec: round(r.requests.average, 0),
    totalRequests: r.requests.total,
    p50Ms: round(r.latency.p50, 1),
    p99Ms: round(r.latency.p99, 1),
    status2xx: r["2xx"],
    status3xx: r["3xx"],
    badStatus: r["1xx"] + r["4xx"] + r["5xx"],
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
  };
}
