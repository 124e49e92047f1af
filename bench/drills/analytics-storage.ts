import { statSync } from "node:fs";
import { Agent, request } from "node:http";
import { sql } from "kysely";
import { runAnalyticsPass } from "../../app/features/analytics/rollup.server";
import type { DB } from "../../app/db/database.server";
import type { EngineSetup } from "../lib/engines";
import { startServer } from "../lib/server";
import type { DrillResult } from "../lib/types";

const NAME = "i. analytics storage: 100,000 crafted page views";
const CRAFTED = 100_000;
/** Crafted views per address: under the 500-an-hour limit, so every one is stored (worst case). */
const PER_ADDRESS = 400;
const ORDINARY = 1_000;
/** One address that sends more than its limit: only PAGE_VIEWS_PER_ADDRESS_PER_HOUR are stored. */
const GREEDY = 1_000;
const LIMIT = 500;
const CONCURRENCY = 32;
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const ORDINARY_LINK =
  "utm_source=youtube&utm_medium=video&utm_campaign=free_resources&utm_content=resume_template&utm_term=yt_abc123&vid=abc123";
const TAGS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "vid"];

/** 80 CJK characters (240 bytes, over the 200-byte cap) that differ per view and per tag. */
function cjk(n: number, tag: number): string {
  return Array.from({ length: 80 }, (_, i) =>
    String.fromCodePoint(0x4e00 + ((n * 131 + tag * 7919 + i * 104_729) % 20_000)),
  ).join("");
}

/** A landing with six unique CJK tags and an 8 KB referrer on a 250-character host. */
function crafted(n: number) {
  const query = TAGS.map((key, tag) => `${key}=${encodeURIComponent(cjk(n, tag))}`).join("&");
  const host = `${"r".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.${String(n).padStart(8, "0")}${"x".repeat(52)}.example`;
  const referrer = `https://${host}/${"p".repeat(8_000 - host.length - 9)}`;
  return { path: `/?${query}`, referrer };
}

function get(
  base: URL,
  agent: Agent,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path,
        agent,
        headers: { "user-agent": BROWSER, ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function databaseBytes(engine: EngineSetup, db: DB): Promise<number> {
  if (engine.name === "postgres") {
    const { rows } = await sql<{
      n: string;
    }>`select pg_database_size(current_database()) as n`.execute(db);
    return Number(rows[0]!.n);
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const file = engine.databaseUrl.slice("file:".length);
  return statSync(file).size;
}

async function storedViews(db: DB, ordinaryOnly: boolean): Promise<number> {
  let query = db.selectFrom("page_views").select((eb) => eb.fn.countAll<number>().as("n"));
  if (ordinaryOnly) query = query.where("source", "=", "youtube").where("term", "=", "yt_abc123");
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * 100,000 cookieless landings, each with six unique CJK tags and an 8 KB referrer, spread over
 * 250 addresses (each within its hourly limit: the worst case, all stored), 1,000 ordinary views
 * from addresses of their own mixed in, and one address sending 1,000. Reports the database's
 * growth per 1,000 stored views, checks that every ordinary view and no view over the limit was
 * stored, that no stored field is over its bound, and that the day then rolls up within its cap.
 */
export async function analyticsStorage(engine: EngineSetup): Promise<DrillResult> {
  const server = await startServer({
    dataDir: engine.dataDir,
    databaseUrl: engine.databaseUrl,
    env: { TRUST_PROXY: "true" },
  });
  const inspect = await engine.inspect();
  const db = inspect.db;
  const url = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let failed = 0;
  let started = 0;
  try {
    const before = await databaseBytes(engine, db);
    const total = CRAFTED + ORDINARY + GREEDY;
    const jobs = (n: number) => {
      if (n % 101 === 0 && n / 101 < ORDINARY) {
        const k = n / 101;
        return get(url, agent, `/?${ORDINARY_LINK}`, {
          "x-forwarded-for": `10.1.${k >> 8}.${k & 255}`,
          referer: "https://www.youtube.com/watch?v=abc123",
        });
      }
      if (n % 101 === 50 && (n - 50) / 101 < GREEDY)
        return get(url, agent, crafted(n).path, { "x-forwarded-for": "10.9.9.9" });
      const view = crafted(n);
      const address = Math.floor(n / PER_ADDRESS);
      return get(url, agent, view.path, {
        "x-forwarded-for": `10.2.${address >> 8}.${address & 255}`,
        referer: view.referrer,
      });
    };
    const startedAt = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (started < total) {
          const status = await jobs(started++);
          if (status !== 200) failed += 1;
        }
      }),
    );
    const seconds = (Date.now() - startedAt) / 1000;
    // SIGTERM writes what is still buffered.
    await server.stop();
    const after = await databaseBytes(engine, db);
    const stored = await storedViews(db, false);
    const ordinary = await storedViews(db, true);
    const bytesOf = (column: string) =>
      engine.name === "postgres" ? `octet_length(${column})` : `length(cast(${column} as blob))`;
    const longest = await sql<{ tag: number | string; host: number | string }>`select ${sql.raw(
      `max(${engine.name === "postgres" ? "greatest" : "max"}(${bytesOf("source")}, ${bytesOf("term")}, ${bytesOf("vid")}))`,
    )} as tag, max(length(referrer_host)) as host from page_views`.execute(db);
    const maxTagBytes = Number(longest.rows[0]!.tag);
    const maxHost = Number(longest.rows[0]!.host);
    const perThousandBytes = (after - before) / (stored / 1000);
    // The next day: the hourly pass rolls today up within its tag-set cap.
    const pass = await runAnalyticsPass(db, new Date(Date.now() + 86_400_000 + 15 * 60_000), 90);
    const arrivals = await db.selectFrom("analytics_arrivals").selectAll().execute();
    const ordinaryArrivals = arrivals.find((a) => a.source === "youtube")?.visitors ?? 0;
    const arrivalVisitors = arrivals.reduce((n, a) => n + Number(a.visitors), 0);
    const expectedStored = CRAFTED + ORDINARY + LIMIT;
    const ok =
      failed === 0 &&
      stored === expectedStored &&
      ordinary === ORDINARY &&
      Number(ordinaryArrivals) === ORDINARY &&
      maxTagBytes <= 200 &&
      maxHost <= 253 &&
      pass.daysRolled >= 1 &&
      arrivals.length <= 201 &&
      arrivalVisitors === stored;
    const mb = (bytes: number) => (bytes / 1_048_576).toFixed(2);
    return {
      name: NAME,
      engine: engine.name,
      pass: ok,
      summary:
        `${total.toLocaleString("en-US")} GETs in ${seconds.toFixed(0)} s (${failed} not 200); ` +
        `${stored.toLocaleString("en-US")} views stored (${ORDINARY}/${ORDINARY} ordinary, ` +
        `${stored - CRAFTED - ORDINARY}/${GREEDY} from the greedy address); database +${mb(after - before)} MB, ` +
        `${mb(perThousandBytes)} MB per 1,000 stored views; longest tag ${maxTagBytes} bytes, host ${maxHost}; ` +
        `roll-up ${arrivals.length} tag sets for ${arrivalVisitors.toLocaleString("en-US")} visitors ` +
        `(ordinary ${ordinaryArrivals})`,
      details: {
        requests: total,
        notOk: failed,
        seconds,
        stored,
        expectedStored,
        ordinaryStored: ordinary,
        bytesBefore: before,
        bytesAfter: after,
        bytesPerThousandViews: Math.round(perThousandBytes),
        maxTagBytes,
        maxReferrerHost: maxHost,
        daysRolled: pass.daysRolled,
        rolledTagSets: arrivals.length,
        rolledVisitors: arrivalVisitors,
        ordinaryArrivals: Number(ordinaryArrivals),
      },
    };
  } finally {
    agent.destroy();
    await server.stop();
    await inspect.close();
  }
}
