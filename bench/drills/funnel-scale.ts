import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { linkVisitors, PageViewRecorder } from "../../app/features/analytics/recorder.server";
import { runAnalyticsPass } from "../../app/features/analytics/rollup.server";
import { openDatabase, type DB } from "../../app/db/database.server";
import { addDays } from "../../app/features/analytics/funnel";
import { classifyView } from "../../app/features/analytics/page-view";
import { getCohort } from "../../app/features/cohort/cohort.server";
import { newPerson } from "../../app/features/people/people.server";
import { createOwner, signIn } from "../lib/admin";
import type { EngineSetup } from "../lib/engines";
import { startServer, type RunningServer } from "../lib/server";
import type { DrillResult } from "../lib/types";

const NAME = "h. funnel at 1,000,000 page views and 50,000 people";
const VIEWS = 1_000_000;
const VISITORS = 300_000;
const PEOPLE = 50_000;
const APPLICATIONS = 10_000;
const CHECKOUTS = 1_000;
const PAID = 500;
const DAYS = 90;
const PAGE_LIMIT_MS = 300;
const RECORD_LIMIT_MS = 1;
const TIMED_RUNS = 5;
const CHUNK = 1000;
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** SQL for "day number n before today" and the touch of visitor number v, per engine. */
function dialect(engine: EngineSetup["name"], today: string) {
  const day = (n: string) =>
    engine === "postgres"
      ? `to_char(date '${today}' - ((${n}) % ${DAYS})::int, 'YYYY-MM-DD')`
      : `date('${today}', '-' || ((${n}) % ${DAYS}) || ' days')`;
  const text = (n: string) => (engine === "postgres" ? `(${n})::text` : `(${n})`);
  // 300 generated links (the tuple fixed per link, as the link generator writes them) and direct.
  const touch = (v: string) => {
    const k = `(${v}) % 300`;
    return `
    case when ${k} % 6 = 5 then '' else case ${k} % 5 when 0 then 'youtube' when 1 then 'linkedin' when 2 then 'instagram' when 3 then 'google' else 'tiktok' end end,
    case when ${k} % 6 = 5 then '' else case ${k} % 5 when 0 then 'video' when 1 then 'dm' else 'social' end end,
    case when ${k} % 6 = 5 then '' else 'campaign' || ${text(`${k} % 7`)} end,
    case when ${k} % 6 = 5 then '' else 'content' || ${text(`${k} % 3`)} end,
    case when ${k} % 6 = 5 then '' else 'term' || ${text(k)} end,
    case when ${k} % 5 = 0 and ${k} % 6 <> 5 then 'vid' || ${text(k)} else '' end`;
  };
  const series = (count: number, body: (n: string) => string) =>
    engine === "postgres"
      ? body(`g`).replace("FROM_SERIES", `from generate_series(0, ${count - 1}) as g`)
      : `with recursive s(g) as (select 0 union all select g + 1 from s where g < ${count - 1}) ${body("g").replace("FROM_SERIES", "from s")}`;
  return { day, text, touch, series };
}

/**
 * The database as a busy season leaves it: 1M views over 90 days, 300k browsers, 50k people who
 * each sent a form from one of those browsers (linked by the drill with the app's own code).
 */
async function seed(db: DB, engine: EngineSetup["name"], today: string, cohortId: string) {
  const d = dialect(engine, today);
  const touchColumns = "source, medium, campaign, content, term, vid";
  const now = new Date().toISOString();
  for (let i = 0; i < PEOPLE; i += CHUNK) {
    const people = Array.from({ length: Math.min(CHUNK, PEOPLE - i) }, (_, k) =>
      newPerson(`funnel-${i + k}@example.com`, now, { id: `p${i + k}`, first_name: "Bench" }),
    );
    await db.insertInto("people").values(people).execute();
  }
  await sql
    .raw(
      d.series(
        VISITORS,
        (
          g,
        ) => `insert into visitors (id, first_seen_at, first_day, last_seen_at, person_id, ${touchColumns})
        select 'v' || ${d.text(g)}, ${d.day(g)} || 'T08:00:00.000Z', ${d.day(g)}, ${d.day(g)} || 'T20:00:00.000Z',
          null, ${d.touch(g)} FROM_SERIES`,
      ),
    )
    .execute(db);
  // Each view belongs to a browser (one in 20 asked not to be tracked) on that browser's first day.
  await sql
    .raw(
      d.series(
        VIEWS,
        (
          g,
        ) => `insert into page_views (at, day, path, visitor_id, entry, referrer_host, ${touchColumns})
        select ${d.day(`${g} % ${VISITORS}`)} || 'T12:00:00.000Z', ${d.day(`${g} % ${VISITORS}`)},
          case ${g} % 4 when 0 then '/' when 1 then '/apply' when 2 then '/resume-template' else '/resource-library' end,
          case when ${g} % 20 = 0 then null else 'v' || ${d.text(`${g} % ${VISITORS}`)} end,
          case when ${g} < ${VISITORS} then 1 else 0 end,
          case when ${g} < ${VISITORS} and ${g} % 5 = 0 then 'www.youtube.com' else null end,
          ${d.touch(`${g} % ${VISITORS}`)} FROM_SERIES`,
      ),
    )
    .execute(db);
  for (let i = 0; i < PEOPLE; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, PEOPLE - i) }, (_, k) => {
      const n = i + k;
      const application = n < APPLICATIONS;
      return {
        id: `s${n}`,
        person_id: `p${n}`,
        type: application ? ("application" as const) : ("lead_magnet" as const),
        form_data: "{}",
        status: application ? (n % 2 === 0 ? "qualified" : "waitlist") : "sent",
        source: "bench",
        utm: "{}",
        email: `funnel-${n}@example.com`,
        visitor_id: `v${n}`,
        fingerprint: `f${n}`,
        created_at: now,
      };
    });
    await db.insertInto("submissions").values(rows).execute();
  }
  const holds = Array.from({ length: CHECKOUTS }, (_, n) => ({
    id: `h${n}`,
    cohort_id: cohortId,
    kind: "checkout" as const,
    offer_token_hash: null,
    person_id: `p${n * 2}`,
    visitor_id: null,
    email: `funnel-${n * 2}@example.com`,
    status: n < PAID ? ("paid" as const) : ("released" as const),
    provider: "test",
    session_id: `cs_${n}`,
    expires_at: now,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto("seat_holds").values(holds).execute();
  const payments = holds.slice(0, PAID).map((hold, n) => ({
    id: `pay${n}`,
    cohort_id: cohortId,
    hold_id: hold.id,
    person_id: hold.person_id,
    provider: "test",
    session_id: hold.session_id,
    email: hold.email,
    amount_cents: 64_900,
    status: "paid" as const,
    refund_reason: null,
    refunded_at: null,
    created_at: now,
  }));
  await db.insertInto("payments").values(payments).execute();
}

/** Median and worst of TIMED_RUNS timed GETs after one warm-up, and the last body. */
async function timeGet(url: string, cookie: string) {
  const times: number[] = [];
  let body = "";
  let status = 0;
  for (let i = 0; i <= TIMED_RUNS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    body = await response.text();
    status = response.status;
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, maxMs: times.at(-1)!, status, body };
}

/** What recording costs the request: classifying it and appending to the buffer. */
function recordingCost(db: DB) {
  const recorder = new PageViewRecorder(db, { enabled: true });
  const runs = 100_000;
  const now = new Date();
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const view = classifyView(
      {
        url: `/resume-template?utm_source=youtube&utm_term=yt_${i % 50}&vid=${i % 50}`,
        status: 200,
        userAgent: BROWSER,
        referrer: "https://www.youtube.com/",
        siteHost: "127.0.0.1",
        doNotTrack: false,
        admin: false,
        visitorId: "11111111-1111-1111-1111-111111111111",
        attribution: { first: { utm_source: "youtube" }, last: { utm_source: "youtube" } },
      },
      now,
    );
    if (view && i % 10 === 0) recorder.record(view);
  }
  return (performance.now() - started) / runs;
}

/** Mean latency of GET /privacy, a plain page, alternating servers so drift hits both alike. */
async function latencyWithAndWithout(on: RunningServer, off: RunningServer) {
  const rounds = 400;
  let onTotal = 0;
  let offTotal = 0;
  const get = async (server: RunningServer) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/privacy`, { headers: { "user-agent": BROWSER } });
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 50; i++) await Promise.all([get(on), get(off)]);
  for (let i = 0; i < rounds; i++) {
    if (i % 2) {
      onTotal += await get(on);
      offTotal += await get(off);
    } else {
      offTotal += await get(off);
      onTotal += await get(on);
    }
  }
  return { onMs: onTotal / rounds, offMs: offTotal / rounds };
}

/**
 * Seeds the funnel's tables at the issue's scale, links 50,000 browsers to their people (as the
 * flushes after their forms do), runs the hourly pass (the closed days rolled up: the steady
 * state), then asks the running server
 * for the funnel page and its CSV as the owner would. Also measures what recording a view costs a
 * request, in process and over HTTP against the same build with ANALYTICS=off.
 */
export { seed as seedFunnel };

export async function funnelScale(engine: EngineSetup): Promise<DrillResult> {
  const sessionSecret = randomBytes(24).toString("hex");
  const handle = await openDatabase(engine.databaseUrl);
  const db = handle.db;
  const servers: RunningServer[] = [];
  try {
    const today = new Date().toISOString().slice(0, 10);
    const cohort = await getCohort(db, new Date());
    const seedStarted = performance.now();
    await seed(db, engine.name, today, cohort.id);
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
    const csvLines = rolled.csv.body.trim().split("\r\n");
    // Columns by the header's names, counted from the end (a group's name may hold a comma).
    const header = csvLines[0]!.split(",");
    const fromEnd = (name: string) => header.length - header.indexOf(name);
    const csvTotals = csvLines.slice(1).reduce(
      (sum, line) => {
        const cells = line.split(",");
        const cell = (name: string) => Number(cells[cells.length - fromEnd(name)]);
        return {
          visitors: sum.visitors + cell("visitors"),
          leads: sum.leads + cell("leads"),
          paid: sum.paid + cell("paid"),
        };
      },
      { visitors: 0, leads: 0, paid: 0 },
    );

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
      everyPerson: csvTotals.leads === PEOPLE && csvTotals.paid === PAID,
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
        `${csvTotals.visitors} visitors, ${csvTotals.leads} leads, ${csvTotals.paid} paid in the CSV; ` +
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
        csvGroups: csvLines.length - 1,
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
