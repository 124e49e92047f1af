import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { linkVisitors } from "../../../app/features/analytics/visitor-links.server";
import { runAnalyticsPass } from "../../../app/features/analytics/rollup.server";
import { getCohort } from "../../../app/features/cohort/cohort.server";
import { openDatabase } from "../../../app/db/database.server";
import { addDays } from "../../../app/lib/calendar-date";
import { createOwner, signIn } from "../../lib/admin";
import type { EngineSetup } from "../../lib/engines";
import { startServer, type RunningServer } from "../../lib/server";
import type { DrillResult } from "../../lib/types";
import { DAYS, PAID, PEOPLE, seedFunnel, VIEWS } from "./seed";
import { csvTotals, latencyWithAndWithout, recordingCost, timeGet } from "./timing";

const NAME = "h. funnel at 1,000,000 page views and 50,000 people";
const PAGE_LIMIT_MS = 300;
const RECORD_LIMIT_MS = 1;

/**
 * Seeds the funnel's tables at the scale, links 50,000 browsers to their people (as the
 * flushes after their forms do), runs the hourly pass (the closed days rolled up: the steady
 * state; on PostgreSQL the planner's statistics and visibility map brought up to date, as
 * autovacuum keeps them), then asks the running server for the funnel page and its CSV as the
 * owner would. Also measures what recording a view costs a request, in process and over HTTP
 * against the same build with ANALYTICS=off.
 */
export async function funnelScale(engine: EngineSetup): Promise<DrillResult> {
  const sessionSecret = randomBytes(24).toString("hex");
  const handle = await openDatabase(engine.databaseUrl);
  const db = handle.db;
  const servers: RunningServer[] = [];
  try {
    const today = new Date().toISOString().slice(0, 10);
    const cohort = await getCohort(db, new Date());
    const seedStarted = performance.now();
    await seedFunnel(db, engine.name, today, cohort.id);
    if (engine.name === "postgres") await sql`analyze`.execute(db);
    const seedMs = performance.now() - seedStarted;
    const counts = await db
      .selectFrom("page_views")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    // Each browser linked to its person as the flush after its form does it, then the hourly pass.
    const linkStarted = performance.now();
    const ids = Array.from({ length: PEOPLE }, (_, n) => `v${n}`);
    const visitorsLinked = await db.transaction().execute((trx) => linkVisitors(trx, { ids }));
    const linkMs = performance.now() - linkStarted;
    const rollStarted = performance.now();
    await runAnalyticsPass(db, new Date(), DAYS + 30);
    const rollMs = performance.now() - rollStarted;
    // What autovacuum does after such a load (the bench's server may run without it): without
    // it, PostgreSQL plans the funnel's reads on statistics taken before any person arrived.
    if (engine.name === "postgres") await sql`vacuum analyze`.execute(db);
    const rolledDays = await db
      .selectFrom("analytics_days")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    const server = await startServer({
      dataDir: engine.dataDir,
      databaseUrl: engine.databaseUrl,
      sessionSecret,
    });
    servers.push(server);
    await createOwner(engine.databaseUrl);
    const { cookie } = await signIn(server.url);
    const month = `from=${addDays(today, -29)}&to=${today}`;
    const season = `from=${addDays(today, -(DAYS - 1))}&to=${today}`;
    const rolled = {
      page: await timeGet(`${server.url}/admin/funnel?${month}&group=source`, cookie),
      pageByLink: await timeGet(`${server.url}/admin/funnel?${season}&group=link`, cookie),
      csv: await timeGet(`${server.url}/admin/funnel.csv?${season}&group=term`, cookie),
    };
    const csv = csvTotals(rolled.csv.body);

    const perViewMs = recordingCost(db);
    const off = await startServer({
      dataDir: engine.dataDir,
      databaseUrl: engine.databaseUrl,
      sessionSecret,
      env: { ANALYTICS: "off" },
    });
    servers.push(off);
    const latency = await latencyWithAndWithout(server, off);
    const addedMs = latency.onMs - latency.offMs;

    const times = [rolled.page, rolled.pageByLink, rolled.csv];
    const checks = {
      seeded: Number(counts.n) === VIEWS,
      ok: times.every((t) => t.status === 200),
      linked: visitorsLinked === PEOPLE,
      rolledUp: Number(rolledDays.n) >= DAYS - 1,
      pageFast: rolled.page.medianMs < PAGE_LIMIT_MS && rolled.pageByLink.medianMs < PAGE_LIMIT_MS,
      csvFast: rolled.csv.medianMs < PAGE_LIMIT_MS,
      everyPerson: csv.leads === PEOPLE && csv.paid === PAID,
      recordingCheap: perViewMs < RECORD_LIMIT_MS && addedMs < RECORD_LIMIT_MS,
    };
    const failed = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    const ms = (n: number) => `${Math.round(n)} ms`;
    return {
      name: NAME,
      engine: engine.name,
      pass: failed.length === 0,
      summary:
        `after roll-up: page ${ms(rolled.page.medianMs)} (30 days by source), ` +
        `${ms(rolled.pageByLink.medianMs)} (90 days by link), CSV ${ms(rolled.csv.medianMs)} ` +
        `(limit ${PAGE_LIMIT_MS}); ` +
        `${csv.visitors} visitors, ${csv.leads} leads, ${csv.paid} paid in the CSV; ` +
        `recording ${(perViewMs * 1000).toFixed(1)} µs per view in process, ` +
        `${addedMs.toFixed(2)} ms per request over HTTP (${latency.onMs.toFixed(2)} vs ${latency.offMs.toFixed(2)} ms off)` +
        (failed.length ? `; FAILED: ${failed.join(", ")}` : ""),
      details: {
        seedSeconds: Number((seedMs / 1000).toFixed(1)),
        rollUpSeconds: Number((rollMs / 1000).toFixed(1)),
        daysRolled: Number(rolledDays.n),
        pageMedianMs: Math.round(rolled.page.medianMs),
        pageMaxMs: Math.round(rolled.page.maxMs),
        pageByLinkMedianMs: Math.round(rolled.pageByLink.medianMs),
        pageByLinkMaxMs: Math.round(rolled.pageByLink.maxMs),
        csvMedianMs: Math.round(rolled.csv.medianMs),
        csvMaxMs: Math.round(rolled.csv.maxMs),
        visitorsLinked,
        linkSeconds: Number((linkMs / 1000).toFixed(1)),
        csvGroups: csv.groups,
        recordMicroseconds: Number((perViewMs * 1000).toFixed(2)),
        requestMsWithAnalytics: Number(latency.onMs.toFixed(3)),
        requestMsWithout: Number(latency.offMs.toFixed(3)),
        failed: failed.join(", "),
      },
    };
  } finally {
    for (const s of servers) await s.stop();
    await handle.close();
  }
}
