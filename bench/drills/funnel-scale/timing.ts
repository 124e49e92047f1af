import { performance } from "node:perf_hooks";
import { PageViewRecorder } from "../../../app/features/analytics/recorder.server";
import type { DB } from "../../../app/db/database.server";
import { classifyView } from "../../../app/features/analytics/page-view";
import type { RunningServer } from "../../lib/server";

const TIMED_RUNS = 5;
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/**
 * The warm-up GET, sent again once if its connection was closed under it: a kept-alive socket
 * left idle while a drill seeds may be closed by the server just as it is reused (more likely on
 * a loaded machine). Nothing is timed.
 */
async function warmUp(url: string, cookie: string) {
  try {
    return await fetch(url, { headers: { cookie } });
  } catch {
    return fetch(url, { headers: { cookie } });
  }
}

/** Median and worst of TIMED_RUNS timed GETs after one warm-up, and the last body. */
export async function timeGet(url: string, cookie: string) {
  const times: number[] = [];
  let body = "";
  let status = 0;
  for (let i = 0; i <= TIMED_RUNS; i++) {
    const started = performance.now();
    const response =
      i === 0 ? await warmUp(url, cookie) : await fetch(url, { headers: { cookie } });
    body = await response.text();
    status = response.status;
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, maxMs: times.at(-1)!, status, body };
}

/** What recording costs the request: classifying it and appending to the buffer. */
export function recordingCost(db: DB) {
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
export async function latencyWithAndWithout(on: RunningServer, off: RunningServer) {
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

/** The CSV's visitors, leads and paid summed over its groups, by the header's column names. */
export function csvTotals(body: string) {
  const lines = body.trim().split("\r\n");
  // Columns by the header's names, counted from the end (a group's name may hold a comma).
  const header = lines[0]!.split(",");
  const fromEnd = (name: string) => header.length - header.indexOf(name);
  return lines.slice(1).reduce(
    (sum, line) => {
      const cells = line.split(",");
      const cell = (name: string) => Number(cells[cells.length - fromEnd(name)]);
      return {
        groups: sum.groups + 1,
        visitors: sum.visitors + cell("visitors"),
        leads: sum.leads + cell("leads"),
        paid: sum.paid + cell("paid"),
      };
    },
    { groups: 0, visitors: 0, leads: 0, paid: 0 },
  );
}
