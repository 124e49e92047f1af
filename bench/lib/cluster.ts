// What the cluster drills (bench/drills/cluster/) share: one fresh PostgreSQL database, the fake
// Stripe and an SMTP sink, three instances of the production build, and nginx in front of them.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../../app/db/database.server";
import { startSmtpServer } from "../../fakes/smtp";
import { startFakeStripe } from "../../fakes/stripe";
import { startNginx, type RunningNginx } from "./deployed-nginx";
import { FORM_HEADERS, LEAD_PATH, LEAD_SUCCESS_TEXT, leadBody } from "./forms";
import { createBenchDatabase, type BenchDatabase } from "./postgres";
import {
  freePort,
  removeDir,
  startServer,
  tempDir,
  type RunningServer,
  type ServerOptions,
} from "./server";
import { stripeEnv } from "./stripe";
import type { DrillResult } from "./types";

export const INSTANCES = 3;
export const NO_RATE_LIMIT = "1000000000";

export interface ClusterOptions {
  postgresUrl?: string;
  durationSeconds: number;
  connections: number;
}

export interface Cluster {
  dir: string;
  database: BenchDatabase;
  inspect: DatabaseHandle;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  fake: Awaited<ReturnType<typeof startFakeStripe>>;
  nginxPort: number;
  /** The proxy's address: every instance's PUBLIC_URL. */
  url: string;
  sessionSecret: string;
  instances: RunningServer[];
  nginx: RunningNginx | null;
}

/** One drill of the section: its name in the report, and the verdict it reaches on the cluster. */
export interface ClusterDrill {
  name: string;
  run(cluster: Cluster): Promise<Pick<DrillResult, "pass" | "summary" | "details">>;
}

/** The database, the fakes and a port for nginx; no instance runs yet. */
export async function openCluster(postgresUrl: string): Promise<Cluster> {
  const database = await createBenchDatabase(postgresUrl);
  const smtp = await startSmtpServer();
  const fake = await startFakeStripe();
  const nginxPort = await freePort();
  return {
    dir: tempDir("cluster"),
    database,
    inspect: await openDatabase(database.url, { migrate: false }),
    smtp,
    fake,
    nginxPort,
    url: `http://127.0.0.1:${nginxPort}`,
    sessionSecret: randomBytes(24).toString("hex"),
    instances: [],
    nginx: null,
  };
}

/** Stops everything openCluster and the drills started, and drops the database. */
export async function closeCluster(cluster: Cluster) {
  await cluster.nginx?.stop();
  await Promise.all(cluster.instances.map((i) => i.stop()));
  await cluster.inspect.close();
  await cluster.fake.close();
  await cluster.smtp.close();
  await cluster.database.drop();
  removeDir(cluster.dir);
}

function instanceEnv(cluster: Cluster, env: Record<string, string>) {
  return {
    dataDir: cluster.dir,
    databaseUrl: cluster.database.url,
    sessionSecret: cluster.sessionSecret,
    env: {
      PUBLIC_URL: cluster.url,
      TRUST_PROXY: "true",
      // The drills' buyers all come through one address (nginx on loopback).
      HOLDS_PER_ADDRESS: "1000000",
      EMAILS_PER_RECIPIENT_PER_HOUR: "1000000",
      SMTP_URL: cluster.smtp.url,
      MAIL_WORKER_INTERVAL_MS: "100",
      ...stripeEnv(cluster.fake.url),
      ...env,
    },
  };
}

/** Each instance signs its emails with its own sender, so the SMTP sink can tell who sent what. */
const senderOf = (index: number) => ({
  MAIL_FROM: `Bench instance ${index + 1} <instance${index + 1}@bench.example>`,
});

/** Several instances of the built server on one database, started at the same moment. */
async function startInstances(
  count: number,
  options: ServerOptions & { databaseUrl: string; sessionSecret: string },
  perInstanceEnv: (index: number) => Record<string, string> = () => ({}),
): Promise<RunningServer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      startServer({ ...options, env: { ...options.env, ...perInstanceEnv(i) } }),
    ),
  );
}

/** The instances, all at once, and nginx in front of them. */
export async function startCluster(
  cluster: Cluster,
  env: Record<string, string>,
  count = INSTANCES,
) {
  cluster.instances = await startInstances(count, instanceEnv(cluster, env), senderOf);
  await proxy(cluster, cluster.instances);
}

export async function restartCluster(cluster: Cluster, env: Record<string, string>) {
  await Promise.all(cluster.instances.map((i) => i.stop()));
  await startCluster(cluster, env);
}

let nginxRuns = 0;

/** nginx on the cluster's port with the given instances as its upstream servers. */
export async function proxy(cluster: Cluster, instances: RunningServer[]) {
  await cluster.nginx?.stop();
  const dir = path.join(cluster.dir, `nginx-${++nginxRuns}`);
  mkdirSync(dir);
  cluster.nginx = await startNginx(
    dir,
    instances.map((i) => i.port),
    cluster.nginxPort,
  );
}

/** Requests each instance logged (its JSON request lines) for a method and path. */
export function servedBy(instances: RunningServer[], method: string, path: string): number[] {
  return instances.map((instance) => {
    let text: string;
    try {
      text = readFileSync(instance.logFile, "utf8");
    } catch {
      return 0;
    }
    return text
      .split("\n")
      .filter((line) => line.includes(`"method":"${method}"`) && line.includes(`"path":"${path}"`))
      .length;
  });
}

export interface PostOutcome {
  email: string;
  status: number;
  confirmed: boolean;
  retryAfter: string | null;
}

/** One lead form post; status 0 when no answer came. */
export async function postLead(
  url: string,
  origin: string,
  cookie: string,
  email: string,
): Promise<PostOutcome> {
  try {
    const res = await fetch(url + LEAD_PATH, {
      method: "POST",
      headers: { ...FORM_HEADERS, cookie, origin },
      body: leadBody(email),
      signal: AbortSignal.timeout(30_000),
    });
    const html = await res.text();
    return {
      email,
      status: res.status,
      confirmed: res.status === 200 && html.includes(LEAD_SUCCESS_TEXT),
      retryAfter: res.headers.get("retry-after"),
    };
  } catch {
    return { email, status: 0, confirmed: false, retryAfter: null };
  }
}

/** The emails of the stored lead submissions that start with a prefix. */
export async function submissionsLike(cluster: Cluster, prefix: string) {
  const rows = await cluster.inspect.db
    .selectFrom("submissions")
    .select("email")
    .where("email", "like", `${prefix}%`)
    .execute();
  return rows.map((r) => r.email);
}
