import type { Result } from "lighthouse";
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { kb, overBy } from "./format";
import type { AssetSize, Check, LighthousePage } from "./types";

/** Issue 16's targets. */
/** Issue 32's targets: mobile performance 98 or more, LCP at most 1.2× the no-JS snapshot. */
const LCP_RATIO = 1.2;
const MOBILE_PERFORMANCE = 98;
const TBT_MS = 50;
const JS_BUDGET_BYTES = 15_000;
/** Static pages: no framework JavaScript, at most the inline enhancement. */
const JS_BUDGET_PAGES = ["/", "/resume-template", "/resource-library", "/resume-review"];

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
    inlineJsGzipBytes: await inlineScriptGzipBytes(baseUrl + page),
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

/** The page's inline scripts (as served to a browser), each gzipped alone at level 6. */
async function inlineScriptGzipBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const scripts = html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g);
  return [...scripts].reduce((total, [, body]) => total + gzipSync(body ?? "").length, 0);
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

function scoreCheck(label: string, value: number, target = 100): Check {
  return {
    label,
    value: String(value),
    target: target === 100 ? "100" : `≥ ${target}`,
    verdict: value >= target ? "meets" : "misses",
    ...(value < target ? { gap: `-${target - value}` } : {}),
  };
}

/** The issue's targets, one line per page and figure. */
export function lighthouseChecks(pages: LighthousePage[]): Check[] {
  const checks: Check[] = [];
  for (const p of pages) {
    const at = `${p.preset} ${p.path}`;
    if (p.preset === "mobile")
      checks.push(scoreCheck(`${at} performance`, p.scores.performance, MOBILE_PERFORMANCE));
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
    if (p.preset !== "mobile") continue;
    checks.push({
      label: `${at} TBT`,
      // The snapshot has no script: its TBT is the page's own style and layout on a slow CPU.
      value: p.noJs ? `${p.tbtMs} ms (no-JS snapshot ${p.noJs.tbtMs} ms)` : `${p.tbtMs} ms`,
      target: `≤ ${TBT_MS} ms`,
      verdict: p.tbtMs <= TBT_MS ? "meets" : "misses",
      ...(p.tbtMs > TBT_MS ? { gap: `+${p.tbtMs - TBT_MS} ms` } : {}),
    });
    if (p.noJs) {
      const ratio = p.lcpMs / p.noJs.lcpMs;
      checks.push({
        label: `${at} LCP against the no-JS snapshot`,
        value: `${p.lcpMs} ms / ${p.noJs.lcpMs} ms = ${ratio.toFixed(2)}×`,
        target: `≤ ${LCP_RATIO}×`,
        verdict: ratio <= LCP_RATIO ? "meets" : "misses",
        ...(ratio > LCP_RATIO ? { gap: `+${(ratio - LCP_RATIO).toFixed(2)}×` } : {}),
      });
    }
    const js = p.jsGzipBytes + p.inlineJsGzipBytes;
    const value = `${kb(js)} (${kb(p.jsGzipBytes)} in ${p.jsRequests} files + ${kb(p.inlineJsGzipBytes)} inline)`;
    checks.push(
      JS_BUDGET_PAGES.includes(p.path)
        ? {
            label: `${at} JavaScript (gzip)`,
            value,
            target: `≤ ${kb(JS_BUDGET_BYTES)}`,
            verdict: js <= JS_BUDGET_BYTES ? "meets" : "misses",
            ...(js > JS_BUDGET_BYTES ? { gap: overBy(js, JS_BUDGET_BYTES) } : {}),
          }
        : {
            label: `${at} JavaScript (gzip)`,
            value,
            target: "as small as the form allows",
            verdict: "reported",
          },
    );
  }
  return checks;
}
