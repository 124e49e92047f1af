// `npm run bench`: page speed, loopback load and fault drills against the production build.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { analyticsStorage } from "./drills/analytics-storage";
import { backupDuringWrites } from "./drills/backup-during-writes";
import { BOOKINGS_DRILL, bookingRace } from "./drills/bookings/index";
import { CODE_RACE_DRILL, codeRace } from "./drills/code-race/index";
import { JOB_SEARCH_DRILL, jobSearchScale } from "./drills/job-search/index";
import { broadcastQueue } from "./drills/broadcast-queue/index";
import { runCluster } from "./drills/cluster/index";
import { funnelScale } from "./drills/funnel-scale/index";
import { forgedWebhooks } from "./drills/forged-webhooks";
import { killDuringWrites } from "./drills/kill-during-writes";
import { seatQueue } from "./drills/seat-queue/index";
import { seatRace } from "./drills/seat-race";
import { smtpOutage } from "./drills/smtp-outage";
import { freshEngine, type EngineName, type EngineSetup } from "./lib/engines";
import { killStarted, ROOT } from "./lib/server";
import type { BenchReport, DrillResult } from "./lib/types";
import { runLighthouse } from "./lighthouse";
import { runLoad } from "./load";
import { printSummary, writeReports } from "./report";

const SECTIONS = ["lighthouse", "load", "drills", "cluster"] as const;

function settings() {
  const positive = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return value;
  };
  // `npm run bench -- cluster load` names sections on the command line; BENCH_SECTIONS does too.
  // Any other word names drills (`npm run bench -- analytics-storage`): those drills alone.
  const args = process.argv.slice(2);
  const isSection = (word: string) => (SECTIONS as readonly string[]).includes(word);
  const drillNames = args.filter((word) => !isSection(word));
  const named = drillNames.length > 0 ? "drills" : args.join(",");
  const only = (named || process.env.BENCH_SECTIONS || SECTIONS.join(","))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length)
    throw new Error(`unknown section ${unknown.join(", ")} (sections: ${SECTIONS.join(", ")})`);
  return {
    postgresUrl: process.env.BENCH_DATABASE_URL || undefined,
    durationSeconds: Math.min(positive("BENCH_DURATION_SECONDS", 10), 120),
    connections: Math.min(positive("BENCH_CONNECTIONS", 50), 1000),
    timeoutMinutes: positive("BENCH_TIMEOUT_MINUTES", 45),
    mobileRuns: Math.min(Math.round(positive("BENCH_LIGHTHOUSE_RUNS", 3)), 9),
    sections: new Set(only),
    drillNames,
  };
}

function ensureBuild() {
  if (existsSync(path.join(ROOT, "build/server/index.js"))) return;
  console.log("No production build: running `npx react-router build` first...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("the build failed");
}

async function drill(
  results: DrillResult[],
  name: string,
  engine: EngineName,
  run: () => Promise<DrillResult>,
): Promise<DrillResult> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const wanted = settings().drillNames;
  if (wanted.length > 0 && !wanted.some((word) => slug.includes(word.toLowerCase())))
    return { name, engine, pass: true, summary: "not selected", details: {} };
  const started = Date.now();
  let result: DrillResult;
  try {
    result = await run();
  } catch (error) {
    result = {
      name,
      engine,
      pass: false,
      summary: `drill crashed: ${(error as Error).message}`,
      details: {},
    };
  }
  results.push(result);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `  ${result.pass ? "PASS" : "FAIL"}  ${result.name} [${result.engine}] (${seconds} s): ${result.summary}`,
  );
  return result;
}

async function withEngine(
  name: EngineName,
  postgresUrl: string | undefined,
  run: (engine: EngineSetup) => Promise<DrillResult>,
) {
  const engine = await freshEngine(name, postgresUrl);
  try {
    return await run(engine);
  } finally {
    await engine.cleanup();
  }
}

async function main() {
  const options = settings();
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${options.timeoutMinutes} min; stopping.`);
    killStarted();
    process.exit(2);
  }, options.timeoutMinutes * 60_000);
  watchdog.unref();

  ensureBuild();
  const resultsDir = path.join(ROOT, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const startedAt = new Date();
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    finishedAt: "",
    durationSeconds: 0,
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverageStart: Number(os.loadavg()[0]!.toFixed(2)),
      loadAverageEnd: 0,
    },
    lighthouse: null,
    load: null,
    drills: [],
    cluster: null,
  };

  if (options.sections.has("lighthouse")) {
    console.log("1. Page speed (Lighthouse)");
    try {
      report.lighthouse = await runLighthouse(resultsDir, options.mobileRuns);
    } catch (error) {
      report.lighthouse = {
        chromePath: "",
        mobileRuns: options.mobileRuns,
        pages: [],
        checks: [],
        error: (error as Error).message,
      };
      console.error(`  lighthouse failed: ${(error as Error).message}`);
    }
  }

  if (options.sections.has("load")) {
    console.log("2. Server load (autocannon)");
    report.load = await runLoad(options);
  }

  if (options.sections.has("drills")) {
    console.log("3. Fault drills");
    const engines: EngineName[] = options.postgresUrl ? ["sqlite", "postgres"] : ["sqlite"];
    await drill(
      report.drills,
      "a. kill -9 during 200 lead submissions",
      "sqlite",
      killDuringWrites,
    );
    await drill(report.drills, "b. SMTP down, then 421s, then 550", "sqlite", smtpOutage);
    for (const engine of engines)
      await drill(
        report.drills,
        "c. 200 checkouts for 10 seats, webhooks ×3 shuffled",
        engine,
        () => withEngine(engine, options.postgresUrl, seatRace),
      );
    for (const engine of engines)
      await drill(
        report.drills,
        "f. 200 in the queue for 10 seats: pays, declines, cancels, lapses and refunds",
        engine,
        () => withEngine(engine, options.postgresUrl, seatQueue),
      );
    for (const engine of engines)
      await drill(
        report.drills,
        "d. unsigned, tampered, stale, wrong-secret webhooks",
        engine,
        () => withEngine(engine, options.postgresUrl, forgedWebhooks),
      );
    for (const engine of engines)
      await drill(
        report.drills,
        "e. 200 lead posts while db:backup runs, then db:restore",
        engine,
        () =>
          withEngine(engine, options.postgresUrl, (setup) =>
            backupDuringWrites(setup, options.postgresUrl),
          ),
      );
    for (const engine of engines)
      await drill(report.drills, "g. broadcast queueing: 10,000 subscribers", engine, () =>
        withEngine(engine, options.postgresUrl, broadcastQueue),
      );
    for (const engine of engines)
      await drill(
        report.drills,
        "h. funnel at 1,000,000 page views and 50,000 people",
        engine,
        () => withEngine(engine, options.postgresUrl, funnelScale),
      );
    for (const engine of engines)
      await drill(report.drills, "i. analytics storage: 100,000 crafted page views", engine, () =>
        withEngine(engine, options.postgresUrl, analyticsStorage),
      );
    // Two instances need one shared database: PostgreSQL only.
    if (options.postgresUrl)
      await drill(report.drills, BOOKINGS_DRILL, "postgres", () =>
        withEngine("postgres", options.postgresUrl, bookingRace),
      );
    else console.log(`  skipped: ${BOOKINGS_DRILL} (needs BENCH_DATABASE_URL)`);
    if (options.postgresUrl)
      await drill(report.drills, CODE_RACE_DRILL, "postgres", () =>
        withEngine("postgres", options.postgresUrl, codeRace),
      );
    else console.log(`  skipped: ${CODE_RACE_DRILL} (needs BENCH_DATABASE_URL)`);
    for (const engine of engines)
      await drill(report.drills, JOB_SEARCH_DRILL, engine, () =>
        withEngine(engine, options.postgresUrl, jobSearchScale),
      );
  }

  if (options.sections.has("cluster")) {
    console.log("4. Several instances behind nginx on one PostgreSQL (cluster)");
    report.cluster = await runCluster(options, (name, run) => drill([], name, "postgres", run));
  }

  const finishedAt = new Date();
  report.finishedAt = finishedAt.toISOString();
  report.machine.loadAverageEnd = Number(os.loadavg()[0]!.toFixed(2));
  report.durationSeconds = Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000);
  writeReports(resultsDir, report);
  printSummary(report);
  const cluster = report.cluster;
  if (
    report.drills.some((d) => !d.pass) ||
    cluster?.drills.some((d) => !d.pass) ||
    cluster?.errors.length
  )
    process.exitCode = 1;
}

process.on("SIGINT", () => {
  killStarted();
  process.exit(130);
});

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    killStarted();
    // Keep-alive sockets and SDK agents must not hold the finished bench open.
    process.exit();
  });
