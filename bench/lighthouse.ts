import { launch } from "chrome-launcher";
import lighthouse, { generateReport, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { lighthouseChecks, summarise } from "./lib/lighthouse-summary";
import { startNoJsProxy } from "./lib/nojs-proxy";
import { removeDir, startServer } from "./lib/server";
import type { LighthousePage, LighthouseSection } from "./lib/types";

const LIGHTHOUSE_PAGES = [
  "/",
  "/apply",
  "/enroll",
  "/resume-template",
  "/resource-library",
  "/resume-review",
] as const;
const PRESETS = ["mobile", "desktop"] as const;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** A run whose trace broke (NO_NAVSTART, NO_FCP…) is a failed measurement, retried twice at most. */
const ATTEMPTS = 3;

/**
 * Lighthouse 12 with its mobile (default) and desktop presets on every page, against the production
 * build with a fresh SQLite database. Mobile performance swings by several points from run to run
 * on a busy 2-CPU machine, so each mobile page runs `mobileRuns` times and the run with the median
 * performance score is reported (Lighthouse's own advice); desktop runs once. On mobile each page
 * also runs, as many times, as a no-JS snapshot of itself (bench/lib/nojs-proxy.ts): the same
 * HTML from the same server without scripts, the limit its first paint can reach.
 */
export async function runLighthouse(
  resultsDir: string,
  mobileRuns: number,
): Promise<LighthouseSection> {
  const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  const server = await startServer();
  const proxy = await startNoJsProxy(server.url);
  const reportsDir = path.join(resultsDir, "lighthouse");
  mkdirSync(reportsDir, { recursive: true });
  const pages: LighthousePage[] = [];
  const failures: string[] = [];
  try {
    // The first SSR request of each route loads its module: keep that out of the measurement.
    for (const page of LIGHTHOUSE_PAGES) await (await fetch(server.url + page)).arrayBuffer();
    for (const preset of PRESETS) {
      for (const page of LIGHTHOUSE_PAGES) {
        const started = Date.now();
        try {
          const runs: Result[] = [];
          const limits: Result[] = [];
          for (let i = 0; i < (preset === "mobile" ? mobileRuns : 1); i++) {
            runs.push(await audit(chromePath, server.url + page, preset));
            // Each snapshot run follows its app run, so a slower minute of the shared machine
            // weighs on both sides of the ratio rather than on one.
            if (preset === "mobile") limits.push(await audit(chromePath, proxy.url + page, preset));
          }
          const median = medianRun(runs);
          const file = path.join(reportsDir, `${preset}-${slug(page)}.html`);
          writeFileSync(file, generateReport(median, "html"));
          const summary = await summarise(preset, page, median, server.url);
          summary.performanceRuns = runs.map((r) => Math.round(perf(r) * 100));
          summary.reportFile = path.relative(resultsDir, file);
          if (preset === "mobile") {
            const limit = medianRun(limits);
            // The LCPs compared are each side's median over its runs, not the LCP of one run.
            summary.lcpMs = medianLcp(runs);
            summary.lcpRuns = runs.map((r) => Math.round(lcp(r)));
            summary.noJs = {
              lcpMs: medianLcp(limits),
              lcpRuns: limits.map((r) => Math.round(lcp(r))),
              tbtMs: Math.round(limit.audits["total-blocking-time"]?.numericValue ?? 0),
              cls: Number((limit.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(4)),
              performance: Math.round(perf(limit) * 100),
              runs: limits.map((r) => Math.round(perf(r) * 100)),
            };
          }
          pages.push(summary);
          console.log(
            `  lighthouse ${preset.padEnd(7)} ${page.padEnd(16)} perf ${summary.scores.performance} (runs ${summary.performanceRuns.join("/")}) a11y ${summary.scores.accessibility} bp ${summary.scores.bestPractices} seo ${summary.scores.seo} LCP ${summary.lcpMs} ms${summary.noJs ? ` (runs ${summary.lcpRuns?.join("/")}; no-JS ${summary.noJs.lcpMs} ms, runs ${summary.noJs.lcpRuns.join("/")})` : ""} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
          );
        } catch (error) {
          failures.push(`${preset} ${page}: ${(error as Error).message}`);
          console.error(`  lighthouse ${preset} ${page} failed: ${(error as Error).message}`);
        }
      }
    }
  } finally {
    await proxy.close();
    await server.stop();
    removeDir(server.dataDir);
  }
  return {
    chromePath,
    mobileRuns,
    pages,
    checks: lighthouseChecks(pages),
    ...(failures.length ? { error: failures.join("; ") } : {}),
  };
}

const perf = (r: Result) => r.categories.performance?.score ?? 0;
const lcp = (r: Result) => r.audits["largest-contentful-paint"]?.numericValue ?? 0;

function medianLcp(runs: Result[]): number {
  const sorted = runs.map(lcp).sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}

/** The run with the median performance score (ties: the median LCP among them). */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => perf(a) - perf(b) || lcp(b) - lcp(a));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One Lighthouse run in a Chrome of its own, as the CLI does it. */
async function audit(
  chromePath: string,
  url: string,
  preset: LighthousePage["preset"],
): Promise<Result> {
  let lastError = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
    try {
      const run = await lighthouse(
        url,
        { port: chrome.port, logLevel: "error", onlyCategories: CATEGORIES },
        preset === "desktop" ? desktopConfig : undefined,
      );
      if (!run) throw new Error("Lighthouse returned nothing");
      if (!run.lhr.runtimeError) return run.lhr;
      lastError = `${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`;
    } catch (error) {
      lastError = (error as Error).message;
    } finally {
      chrome.kill();
    }
    console.log(
      `  lighthouse ${preset} ${new URL(url).pathname}: attempt ${attempt} failed (${lastError})`,
    );
  }
  throw new Error(`${ATTEMPTS} attempts failed; last: ${lastError}`);
}

function slug(page: string) {
  return page === "/" ? "home" : page.replace(/^\//, "").replace(/\W+/g, "-");
}
