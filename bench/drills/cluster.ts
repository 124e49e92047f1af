import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase, type DatabaseHandle } from "../../app/db/database.server";
import { adminCookie, insertAccount } from "../../tests/support/admin";
import { startFakeStripe } from "../../fakes/stripe";
import { startSmtpServer } from "../../fakes/smtp";
import { cannon, type Scenario } from "../load";
import { nginxBinary, startInstances, startNginx, type RunningNginx } from "../lib/cluster";
import { measureCpu } from "../lib/cpu";
import { round } from "../lib/format";
import { FORM_HEADERS, LEAD_PATH, LEAD_SUCCESS_TEXT, leadBody, visitorCookie } from "../lib/forms";
import { createBenchDatabase, type BenchDatabase } from "../lib/postgres";
import { freePort, removeDir, sleep, tempDir, type RunningServer } from "../lib/server";
import { stripeEnv } from "../lib/stripe";
import type { ClusterSection, ClusterThroughputRun, DrillResult } from "../lib/types";
import { raceForSeats, seatRaceDetails, seatRaceSummary } from "./seat-race";

const INSTANCES = 3;
const NO_RATE_LIMIT = "1000000000";

export interface ClusterOptions {
  postgresUrl?: string;
  durationSeconds: number;
  connections: number;
}

/** Records and prints one drill (bench/run.ts's `drill`). */
export type DrillRunner = (name: string, run: () => Promise<DrillResult>) => Promise<DrillResult>;

interface Cluster {
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

/**
 * nginx (deploy/nginx/fsts.conf) in front of three instances of the production build on one
 * PostgreSQL database: start-up race, shared rate limit, sessions across instances, the outbox
 * with three workers, the seat race, an instance killed mid-write, a graceful stop under load,
 * and throughput with one, two and three instances.
 */
export async function runCluster(
  options: ClusterOptions,
  drill: DrillRunner,
): Promise<ClusterSection> {
  const section: ClusterSection = {
    durationSeconds: options.durationSeconds,
    connections: options.connections,
    drills: [],
    throughput: [],
    errors: [],
  };
  if (!options.postgresUrl) {
    section.skipped =
      "BENCH_DATABASE_URL is not set: several instances need PostgreSQL, so the cluster drill was skipped";
    console.log(`  skipped: ${section.skipped}`);
    return section;
  }
  if (!nginxBinary()) {
    section.skipped =
      "nginx is not installed: the cluster drill needs it in front of the instances";
    console.log(`  skipped: ${section.skipped}`);
    return section;
  }

  const database = await createBenchDatabase(options.postgresUrl);
  const smtp = await startSmtpServer();
  const fake = await startFakeStripe();
  const nginxPort = await freePort();
  const cluster: Cluster = {
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
  const record = async (name: string, run: () => Promise<DrillResult>) => {
    section.drills.push(await drill(name, run));
  };
  try {
    await record(STARTUP, () => startupRace(cluster));
    await record(RATE_LIMIT, () => sharedRateLimit(cluster));
    await restart(cluster, { RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT });
    await record(SESSIONS, () => sessionsAcrossInstances(cluster));
    await record(OUTBOX, () => outboxOnce(cluster));
    await record(SEATS, () => seatsOverInstances(cluster));
    await record(KILL, () => killDuringPosts(cluster));
    await restart(cluster, { RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT });
    await record(STOP, () => gracefulStopUnderLoad(cluster));
    await restart(cluster, { RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT });
    await record(ROLLING, () => rollingRestart(cluster));
    await restart(cluster, { RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT });
    section.throughput = await throughput(cluster, options);
  } catch (error) {
    section.errors.push((error as Error).message);
    console.error(`  cluster: ${(error as Error).message}`);
  } finally {
    await cluster.nginx?.stop();
    await Promise.all(cluster.instances.map((i) => i.stop()));
    await cluster.inspect.close();
    await fake.close();
    await smtp.close();
    await database.drop();
    removeDir(cluster.dir);
  }
  return section;
}

const STARTUP = "e. three instances started at once on an empty PostgreSQL database";
const RATE_LIMIT = "f. 300 lead posts from one address, RATE_LIMIT_PER_MINUTE=10, 3 instances";
const SESSIONS = "g. admin signs in on instance 1, works on 2, logs out on 3";
const OUTBOX = "h. 500 queued emails, three workers";
const SEATS = "i. 200 buyers for 10 seats through nginx and 3 instances";
const KILL = "j. SIGKILL one of 3 instances during 300 lead posts";
const STOP = "k. SIGTERM one of 3 instances during 300 lead posts, nginx not told";
const ROLLING = "l. rolling restart during 300 lead posts: out of nginx (reload), then SIGTERM";

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

async function startCluster(cluster: Cluster, env: Record<string, string>, count = INSTANCES) {
  cluster.instances = await startInstances(count, instanceEnv(cluster, env), senderOf);
  await proxy(cluster, cluster.instances);
}

/** nginx on the cluster's port with the given instances as its upstream servers. */
async function proxy(cluster: Cluster, instances: RunningServer[]) {
  await cluster.nginx?.stop();
  cluster.nginx = await startNginx(
    tempDirIn(cluster),
    instances.map((i) => i.port),
    cluster.nginxPort,
  );
}

let nginxRuns = 0;
function tempDirIn(cluster: Cluster): string {
  const dir = path.join(cluster.dir, `nginx-${++nginxRuns}`);
  mkdirSync(dir);
  return dir;
}

async function restart(cluster: Cluster, env: Record<string, string>) {
  await Promise.all(cluster.instances.map((i) => i.stop()));
  await startCluster(cluster, env);
}

/** Requests each instance logged (its JSON request lines) for a method and path. */
function servedBy(instances: RunningServer[], method: string, path: string): number[] {
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

async function startupRace(cluster: Cluster): Promise<DrillResult> {
  const started = Date.now();
  await startCluster(cluster, { RATE_LIMIT_PER_MINUTE: "10" });
  const seconds = round((Date.now() - started) / 1000, 1);
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(cluster.inspect.db);
  const names = rows.map((r) => r.name);
  const { rows: tables } = await sql<{
    n: string;
  }>`select count(*) as n from information_schema.tables where table_schema = 'public' and table_name in ('rate_limits', 'outbox', 'people')`.execute(
    cluster.inspect.db,
  );
  const failures = cluster.instances.filter((i) =>
    /Migration failed|"level":"error"/.test(readFileSync(i.logFile, "utf8")),
  ).length;
  const pass =
    cluster.instances.length === INSTANCES &&
    names.length > 0 &&
    new Set(names).size === names.length &&
    Number(tables[0]!.n) === 3 &&
    failures === 0;
  return {
    name: STARTUP,
    engine: "postgres",
    pass,
    summary: `${cluster.instances.length}/${INSTANCES} ready in ${seconds} s; kysely_migration: ${names.length} rows, ${new Set(names).size} distinct; ${failures} instance logs with errors; nginx in front (deploy/nginx/fsts.conf)`,
    details: {
      instancesReady: cluster.instances.length,
      secondsToReady: seconds,
      migrationsApplied: names.length,
      distinctMigrations: new Set(names).size,
      instancesWithErrors: failures,
    },
  };
}

interface PostOutcome {
  email: string;
  status: number;
  confirmed: boolean;
  retryAfter: string | null;
}

async function postLead(url: string, origin: string, cookie: string, email: string) {
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

async function submissionsLike(cluster: Cluster, prefix: string) {
  const rows = await cluster.inspect.db
    .selectFrom("submissions")
    .select("email")
    .where("email", "like", `${prefix}%`)
    .execute();
  return rows.map((r) => r.email);
}

async function sharedRateLimit(cluster: Cluster): Promise<DrillResult> {
  const cookie = await visitorCookie(cluster.url);
  const before = servedBy(cluster.instances, "POST", LEAD_PATH);
  const outcomes: PostOutcome[] = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      postLead(cluster.url, cluster.url, cookie, `cluster-limit-${i}@example.com`),
    ),
  );
  const accepted = outcomes.filter((o) => o.confirmed).length;
  const limited = outcomes.filter((o) => o.status === 429);
  const withRetryAfter = limited.filter((o) => o.retryAfter === "60").length;
  const stored = (await submissionsLike(cluster, "cluster-limit-")).length;
  const perInstance = servedBy(cluster.instances, "POST", LEAD_PATH).map((n, i) => n - before[i]!);
  const pass =
    accepted === 10 &&
    limited.length === 290 &&
    withRetryAfter === 290 &&
    stored === 10 &&
    perInstance.filter((n) => n > 0).length > 1;
  return {
    name: RATE_LIMIT,
    engine: "postgres",
    pass,
    summary: `${accepted} accepted, ${limited.length} answered 429 (${withRetryAfter} with Retry-After: 60), ${300 - accepted - limited.length} other; ${stored} stored; posts per instance ${perInstance.join("/")}`,
    details: {
      posts: 300,
      accepted,
      refused429: limited.length,
      refusedWithRetryAfter: withRetryAfter,
      stored,
      perInstance: perInstance.join("/"),
    },
  };
}

async function sessionsAcrossInstances(cluster: Cluster): Promise<DrillResult> {
  const [first, second, third] = cluster.instances as [RunningServer, RunningServer, RunningServer];
  const email = "owner@bench.example";
  const password = "a long bench password";
  await insertAccount(cluster.inspect.db, { email, password });
  // Straight to each instance (not through nginx), so the browser's origin is the instance's.
  const post = (base: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${base}/admin/cohort-settings`, {
      method: "POST",
      headers: { ...FORM_HEADERS, origin: base, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
  const get = async (base: string, path: string, cookie: string) => {
    const res = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
    await res.arrayBuffer();
    return res.status;
  };

  const login = await post(first.url, { intent: "login", email, password });
  await login.arrayBuffer();
  const cookie = adminCookie(login.headers.get("set-cookie"));
  const working = [
    await get(second.url, "/admin", cookie),
    await get(second.url, "/admin/people", cookie),
    await get(second.url, "/admin/emails", cookie),
  ];
  const logout = await post(third.url, { intent: "logout" }, cookie);
  await logout.arrayBuffer();
  const cleared = /fsts_admin=;/.test(logout.headers.get("set-cookie") ?? "");
  const after = [
    await get(first.url, "/admin", cookie),
    await get(second.url, "/admin", cookie),
    await get(third.url, "/admin", cookie),
    await get(cluster.url, "/admin", cookie),
  ];
  const sessionsLeft = (await cluster.inspect.db.selectFrom("sessions").select("id").execute())
    .length;
  const pass =
    // A successful login and logout answer 303 with a flash toast (post/redirect/get).
    login.status === 303 &&
    working.every((s) => s === 200) &&
    logout.status === 303 &&
    cleared &&
    after.every((s) => s >= 300 && s < 400) &&
    sessionsLeft === 0;
  return {
    name: SESSIONS,
    engine: "postgres",
    pass,
    summary: `login on 1: ${login.status}; /admin, /admin/people, /admin/emails on 2: ${working.join(", ")}; logout on 3: ${logout.status} (cookie cleared: ${cleared}); the old cookie afterwards on 1, 2, 3 and nginx: ${after.join(", ")} (redirect to sign-in); ${sessionsLeft} session rows left`,
    details: {
      login: login.status,
      workingStatuses: working.join(","),
      logout: logout.status,
      cookieCleared: cleared,
      afterLogout: after.join(","),
      sessionsLeft,
    },
  };
}

async function outboxOnce(cluster: Cluster): Promise<DrillResult> {
  const count = 500;
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, () => randomUUID());
  const started = Date.now();
  await cluster.inspect.db
    .insertInto("outbox")
    .values(
      ids.map((id, i) => ({
        id,
        kind: "bench",
        person_id: null,
        to_address: `cluster-mail-${i}@example.com`,
        subject: `Cluster ${i}`,
        html: `<p>Cluster ${i}</p>`,
        text: `Cluster ${i}`,
        status: "pending",
        attempts: 0,
        last_error: null,
        send_after: now,
        locked_until: null,
        created_at: now,
        sent_at: null,
      })),
    )
    .execute();
  const pending = async () =>
    Number(
      (
        await cluster.inspect.db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("id", "in", ids)
          .where("status", "!=", "sent")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deadline = Date.now() + 120_000;
  while ((await pending()) > 0 && Date.now() < deadline) await sleep(200);
  const seconds = (Date.now() - started) / 1000;
  // Give a late duplicate, if any, the chance to arrive before counting.
  await sleep(1_000);

  const wanted = new Map(ids.map((id) => [`<${id}@fromscratchtosuccess.mail>`, 0]));
  const senders = new Map<string, number>();
  for (const mail of cluster.smtp.received) {
    const messageId = /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1] ?? "";
    if (!wanted.has(messageId)) continue;
    wanted.set(messageId, wanted.get(messageId)! + 1);
    const sender = /^from:.*instance(\d)@/im.exec(mail.raw)?.[1] ?? "?";
    senders.set(sender, (senders.get(sender) ?? 0) + 1);
  }
  const counts = [...wanted.values()];
  const once = counts.filter((n) => n === 1).length;
  const missing = counts.filter((n) => n === 0).length;
  const duplicated = counts.filter((n) => n > 1).length;
  const left = await pending();
  const perInstance = [1, 2, 3].map((i) => senders.get(String(i)) ?? 0);
  const pass = once === count && missing === 0 && duplicated === 0 && left === 0;
  return {
    name: OUTBOX,
    engine: "postgres",
    pass,
    summary: `${once}/${count} delivered exactly once, ${duplicated} duplicated, ${missing} missing, ${left} not marked sent, in ${round(seconds, 1)} s (${round(count / seconds, 0)}/s); sent by instance 1/2/3: ${perInstance.join("/")}`,
    details: {
      queued: count,
      deliveredOnce: once,
      duplicated,
      missing,
      notMarkedSent: left,
      seconds: round(seconds, 1),
      perInstance: perInstance.join("/"),
    },
  };
}

async function seatsOverInstances(cluster: Cluster): Promise<DrillResult> {
  const before = servedBy(cluster.instances, "POST", "/enroll");
  const o = await raceForSeats(
    cluster.url,
    cluster.url,
    cluster.fake,
    cluster.inspect.db,
    cluster.sessionSecret,
  );
  const perInstance = servedBy(cluster.instances, "POST", "/enroll").map((n, i) => n - before[i]!);
  const pass =
    o.checkouts === o.seats &&
    o.paymentsPaid === o.seats &&
    o.cohortEnrolledCount === o.seats &&
    o.peopleEnrolled === o.seats &&
    o.checkouts + o.full + o.held === o.buyers &&
    o.webhookAnswered200 === o.webhookDeliveries;
  return {
    name: SEATS,
    engine: "postgres",
    pass,
    summary: `${seatRaceSummary(o)}; posts per instance ${perInstance.join("/")}`,
    details: { ...seatRaceDetails(o), perInstance: perInstance.join("/") },
  };
}

/**
 * 300 concurrent lead posts through nginx; once 100 are answered, one instance stops: SIGKILL
 * (nothing runs) or SIGTERM (the graceful stop). Then 100 more requests through nginx.
 */
async function stopDuringPosts(
  cluster: Cluster,
  prefix: string,
  stop: (instance: RunningServer) => Promise<void>,
) {
  const cookie = await visitorCookie(cluster.url);
  const victim = cluster.instances[1]!;
  const before = servedBy(cluster.instances, "POST", LEAD_PATH);
  let answered = 0;
  let stopping: Promise<void> | null = null;
  let answeredAtStop = 0;
  let stopSeconds = 0;
  const outcomes = await Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const outcome = await postLead(cluster.url, cluster.url, cookie, `${prefix}${i}@example.com`);
      if (outcome.status !== 0) answered += 1;
      if (answered >= 100 && !stopping) {
        answeredAtStop = answered;
        const signalled = Date.now();
        stopping = stop(victim).then(() => {
          stopSeconds = round((Date.now() - signalled) / 1000, 1);
        });
      }
      return outcome;
    }),
  );
  await (stopping ?? stop(victim));
  const served = servedBy(cluster.instances, "POST", LEAD_PATH).map((n, i) => n - before[i]!);

  // The proxy after the stop: pages and posts still answered by the instances left.
  const afterGets = await Promise.all(
    Array.from({ length: 50 }, async () => {
      try {
        const res = await fetch(`${cluster.url}/enroll`, { signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        return res.status;
      } catch {
        return 0;
      }
    }),
  );
  const afterPosts = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      postLead(cluster.url, cluster.url, cookie, `${prefix}after-${i}@example.com`),
    ),
  );

  const stored = await submissionsLike(cluster, prefix);
  const storedSet = new Set(stored);
  const confirmed = outcomes.filter((o) => o.confirmed);
  const missing = confirmed.filter((o) => !storedSet.has(o.email)).length;
  const duplicates = stored.length - storedSet.size;
  const queued = new Set(
    (
      await cluster.inspect.db
        .selectFrom("outbox")
        .select("to_address")
        .where("to_address", "like", `${prefix}%`)
        .execute()
    ).map((r) => r.to_address),
  );
  const withoutEmail = confirmed.filter((o) => !queued.has(o.email)).length;
  const failed = outcomes.filter((o) => !o.confirmed);
  const statuses = new Map<number, number>();
  for (const o of failed) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  const failedButStored = failed.filter((o) => storedSet.has(o.email)).length;
  const errorLog = readFileSync(cluster.nginx!.errorLog, "utf8");
  return {
    confirmed: confirmed.length,
    failed: failed.length,
    failedStatuses: [...statuses].map(([s, n]) => `${n}× ${s || "no answer"}`).join(", "),
    failedButStored,
    missing,
    duplicates,
    withoutEmail,
    answeredAtStop,
    stopSeconds,
    served: served.join("/"),
    afterGetsOk: afterGets.filter((s) => s === 200).length,
    afterPostsOk: afterPosts.filter((o) => o.confirmed).length,
    nginxErrors: nginxErrorKinds(errorLog),
  };
}

/** nginx's error log lines by kind ("connect() failed (111: Connection refused)": 3, …). */
function nginxErrorKinds(log: string): string {
  const kinds = new Map<string, number>();
  for (const line of log.split("\n")) {
    const kind = /\*\d+ (.+?)(?: while |, client:)/.exec(line)?.[1];
    if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, n]) => `${n}× ${kind}`).join("; ") || "none";
}

async function killDuringPosts(cluster: Cluster): Promise<DrillResult> {
  const r = await stopDuringPosts(cluster, "cluster-kill-", (instance) => instance.kill());
  const pass =
    r.confirmed > 0 &&
    r.missing === 0 &&
    r.duplicates === 0 &&
    r.withoutEmail === 0 &&
    r.afterGetsOk === 50 &&
    r.afterPostsOk === 50;
  return {
    name: KILL,
    engine: "postgres",
    pass,
    summary: `${r.confirmed} acknowledged, all stored with their email: ${r.missing === 0 && r.withoutEmail === 0}; ${r.failed} not acknowledged (${r.failedStatuses || "none"}; ${r.failedButStored} of them committed anyway); ${r.duplicates} duplicates; posts per instance ${r.served}; nginx logged: ${r.nginxErrors}; after the kill 50 GET /enroll → ${r.afterGetsOk} ok, 50 posts → ${r.afterPostsOk} ok`,
    details: r,
  };
}

/**
 * A graceful stop the proxy is not told about. Requests in flight finish, but connections nginx
 * opened that the busy instance had not yet accepted, still in the kernel's accept queue, are
 * reset when the listener closes, and nginx answers 502 rather than resend a POST (those requests
 * never reached the app, so nothing of them is stored). Lost acknowledgements are reported, not
 * failed: the rolling restart (l) is the procedure that loses none.
 */
async function gracefulStopUnderLoad(cluster: Cluster): Promise<DrillResult> {
  const r = await stopDuringPosts(cluster, "cluster-term-", (instance) => instance.stop());
  const pass =
    r.confirmed > 0 &&
    r.missing === 0 &&
    r.duplicates === 0 &&
    r.withoutEmail === 0 &&
    r.afterGetsOk === 50 &&
    r.afterPostsOk === 50;
  return {
    name: STOP,
    engine: "postgres",
    pass,
    summary: `${r.confirmed}/300 acknowledged, all stored with their email: ${r.missing === 0 && r.withoutEmail === 0}; ${r.failed} not acknowledged${r.failedStatuses ? ` (${r.failedStatuses}; ${r.failedButStored} of them committed anyway)` : ""}; ${r.duplicates} duplicates; the instance exited ${r.stopSeconds} s after its SIGTERM; posts per instance ${r.served}; nginx logged: ${r.nginxErrors}; afterwards 50 GET /enroll → ${r.afterGetsOk} ok, 50 posts → ${r.afterPostsOk} ok`,
    details: r,
  };
}

/**
 * The README's procedure: take the instance out of the upstream (reload, and let the old nginx
 * worker finish what it had already sent there), then SIGTERM it.
 */
async function rollingRestart(cluster: Cluster): Promise<DrillResult> {
  const r = await stopDuringPosts(cluster, "cluster-roll-", async (instance) => {
    await cluster.nginx!.reload(cluster.instances.filter((i) => i !== instance).map((i) => i.port));
    await instance.stop();
  });
  const pass =
    r.confirmed === 300 &&
    r.missing === 0 &&
    r.duplicates === 0 &&
    r.withoutEmail === 0 &&
    r.afterGetsOk === 50 &&
    r.afterPostsOk === 50;
  return {
    name: ROLLING,
    engine: "postgres",
    pass,
    summary: `${r.confirmed}/300 acknowledged and stored with their email, ${r.failed} failed${r.failedStatuses ? ` (${r.failedStatuses})` : ""}; ${r.duplicates} duplicates; the instance exited ${r.stopSeconds} s after the reload began; posts per instance ${r.served}; nginx logged: ${r.nginxErrors}; afterwards 50 GET /enroll → ${r.afterGetsOk} ok, 50 posts → ${r.afterPostsOk} ok`,
    details: r,
  };
}

const THROUGHPUT: Scenario[] = [
  { name: "SSR + cohort read", method: "GET", path: "/enroll" },
  {
    name: "lead submission",
    method: "POST",
    path: LEAD_PATH,
    body: (n) => leadBody(`cluster-load-${n}-${randomUUID()}@example.com`),
  },
];

async function throughput(
  cluster: Cluster,
  options: ClusterOptions,
): Promise<ClusterThroughputRun[]> {
  const runs: ClusterThroughputRun[] = [];
  const cookie = await visitorCookie(cluster.url);
  const measure = async (
    instances: RunningServer[],
    via: "nginx" | "direct",
    scenario: Scenario,
  ) => {
    const base = via === "nginx" ? cluster.url : instances[0]!.url;
    await cannon(base, scenario, cookie, { amount: 200, connections: 10 });
    const { result, cpu } = await measureCpu(
      {
        app: instances.map((i) => i.pid),
        nginx: via === "nginx" && cluster.nginx ? cluster.nginx.pids() : [],
        postgresDatabase: new URL(cluster.database.url).pathname.slice(1),
      },
      () =>
        cannon(base, scenario, cookie, {
          duration: options.durationSeconds,
          connections: options.connections,
        }),
    );
    const run: ClusterThroughputRun = {
      instances: instances.length,
      via,
      scenario: scenario.name,
      method: scenario.method,
      path: scenario.path,
      requestsPerSec: round(result.requests.average, 0),
      p50Ms: round(result.latency.p50, 1),
      p99Ms: round(result.latency.p99, 1),
      totalRequests: result.requests.total,
      badStatus: result["1xx"] + result["4xx"] + result["5xx"],
      errors: result.errors,
      cpu,
    };
    runs.push(run);
    console.log(
      `  cluster load ${run.instances} instance(s) via ${via.padEnd(6)} ${scenario.method} ${scenario.path.padEnd(17)} ${String(run.requestsPerSec).padStart(5)} req/s  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms  non-2xx/3xx ${run.badStatus}  errors ${run.errors}  CPUs: load generator ${cpu.loadGenerator}, app ${cpu.app}, nginx ${cpu.nginx}, PostgreSQL ${cpu.postgres}, other ${cpu.other}`,
    );
  };
  // One instance straight, then one, two and three behind nginx; the idle instances stay up but
  // take no traffic (their mail workers poll an empty outbox).
  for (const scenario of THROUGHPUT) await measure([cluster.instances[0]!], "direct", scenario);
  for (let n = 1; n <= INSTANCES; n++) {
    const serving = cluster.instances.slice(0, n);
    await proxy(cluster, serving);
    for (const scenario of THROUGHPUT) await measure(serving, "nginx", scenario);
  }
  return runs;
}
