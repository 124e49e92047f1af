import type { Result } from "lighthouse";
import { request } from "node:http";
import { kb, overBy } from "./format";
import type { AssetSize, Check, LighthousePage } from "./types";

/** React + React Router's own runtime, gzip: the least JS a page of this stack can load. */
const JS_FLOOR_BYTES = 108_000;
const JS_TOLERANCE = 0.15;

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface TableDetails {
  items?: Record<string, unknown>[];
}

/** The figures the report shows for one page, from the Lighthouse result and the live server. */
export async function summarise(
  preset: LighthousePage["preset"],
  page: string,
  lhr: Result,
  baseUrl: string,
): Promise<LighthousePage> {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] })?.items ?? [];
  const assets: AssetSize[] = [];
  for (const r of requests) {
    if (r.resourceType !== "Script" && r.resourceType !== "Stylesheet") continue;
    const url = new URL(r.url);
    assets.push({
      path: url.pathname,
      type: r.resourceType,
      transferBytes: r.transferSize ?? 0,
      gzipBytes: url.origin === baseUrl ? await gzipBodyBytes(r.url) : 0,
    });
  }
  const sum = (type: AssetSize["type"], key: "transferBytes" | "gzipBytes") =>
    assets.filter((a) => a.type === type).reduce((total, a) => total + a[key], 0);

  return {
    preset,
    path: page,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    },
    performanceRuns: [score("performance")],
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Number(numeric("cumulative-layout-shift").toFixed(4)),
    jsBytes: sum("Script", "transferBytes"),
    cssBytes: sum("Stylesheet", "transferBytes"),
    jsGzipBytes: sum("Script", "gzipBytes"),
    cssGzipBytes: sum("Stylesheet", "gzipBytes"),
    jsRequests: assets.filter((a) => a.type === "Script").length,
    assets,
    losses: losses(lhr),
    warnings: lhr.runWarnings,
    reportFile: "",
  };
}

/** Audits that cost points in a category below 100, with what they found. */
function losses(lhr: Result): LighthousePage["losses"] {
  const found: LighthousePage["losses"] = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    if ((category.score ?? 0) >= 1) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) continue;
      const items = (audit.details as TableDetails | undefined)?.items ?? [];
      const detail =
        audit.displayValue ??
        items
          .map((i) => String(i.issueType ?? i.description ?? i.url ?? ""))
          .filter(Boolean)
          .join(", ");
      found.push({ category: id, audit: ref.id, title: audit.title, score: audit.score, detail });
    }
  }
  return found.sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
}

/** Bytes of the gzip body as served (no decoding), like the "gzip" column of a bundler. */
function gzipBodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip" }, timeout: 10_000 }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

function scoreCheck(label: string, value: number): Check {
  return {
    label,
    value: String(value),
    target: "100",
    verdict: value >= 100 ? "meets" : "misses",
    ...(value < 100 ? { gap: `-${100 - value}` } : {}),
  };
}

/** The issue's targets, one line per page and figure. */
export function lighthouseChecks(pages: LighthousePage[]): Check[] {
  const checks: Check[] = [];
  for (const p of pages) {
    const at = `${p.preset} ${p.path}`;
    if (p.preset === "mobile") checks.push(scoreCheck(`${at} performance`, p.scores.performance));
    checks.push(scoreCheck(`${at} accessibility`, p.scores.accessibility));
    checks.push(scoreCheck(`${at} best practices`, p.scores.bestPractices));
    checks.push(scoreCheck(`${at} SEO`, p.scores.seo));
    checks.push({
      label: `${at} CLS`,
      value: String(p.cls),
      target: "0",
      verdict: p.cls === 0 ? "meets" : "misses",
      ...(p.cls > 0 ? { gap: `+${p.cls}` } : {}),
    });
  }
  const home = pages.find((p) => p.preset === "mobile" && p.path === "/");
  if (home) {
    const budget = JS_FLOOR_BYTES * (1 + JS_TOLERANCE);
    checks.push({
      label: "mobile / JS (gzip transfer)",
      value: `${kb(home.jsBytes)} (${kb(home.jsGzipBytes)} without headers)`,
      target: `≤ ${kb(budget)} (floor ${kb(JS_FLOOR_BYTES)} + 15%)`,
      verdict: home.jsBytes <= budget ? "meets" : "misses",
      ...(home.jsBytes > budget ? { gap: overBy(home.jsBytes, budget) } : {}),
    });
  }
  return checks;
}
