import { writeFileSync } from "node:fs";
import path from "node:path";
import { kb } from "./lib/format";
import type {
  BenchReport,
  Check,
  ClusterSection,
  DrillResult,
  LighthouseSection,
  LoadSection,
} from "./lib/types";

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function misses(report: BenchReport): Check[] {
  return report.lighthouse?.checks.filter((c) => c.verdict === "misses") ?? [];
}

function lighthouseTable(section: LighthouseSection): string {
  return table(
    [
      "preset",
      "page",
      "perf (runs)",
      "a11y",
      "best pr.",
      "SEO",
      "LCP",
      "no-JS LCP (ratio)",
      "TBT",
      "CLS",
      "JS transfer (body, requests)",
      "inline JS",
      "CSS transfer",
    ],
    section.pages.map((p) => [
      p.preset,
      p.path,
      p.performanceRuns.length > 1
        ? `${p.scores.performance} (${p.performanceRuns.join("/")})`
        : p.scores.performance,
      p.scores.accessibility,
      p.scores.bestPractices,
      p.scores.seo,
      `${p.lcpMs} ms`,
      p.noJs ? `${p.noJs.lcpMs} ms (${(p.lcpMs / p.noJs.lcpMs).toFixed(2)}×)` : "",
      `${p.tbtMs} ms`,
      p.cls,
      `${kb(p.jsBytes)} (${kb(p.jsGzipBytes)}, ${p.jsRequests})`,
      kb(p.inlineJsGzipBytes),
      kb(p.cssBytes),
    ]),
  );
}

function checksTable(checks: Check[]): string {
  return table(
    ["figure", "value", "target", "verdict", "gap"],
    checks.map((c) => [c.label, c.value, c.target, c.verdict, c.gap ?? ""]),
  );
}

function loadTable(section: LoadSection): string {
  return table(
    [
      "engine",
      "request",
      "what",
      "req/s",
      "p50",
      "p99",
      "requests",
      "2xx",
      "3xx",
      "non-2xx/3xx",
      "errors (timeouts)",
    ],
    section.runs.map((r) => [
      r.engine,
      `${r.method} ${r.path}`,
      r.scenario,
      r.requestsPerSec,
      `${r.p50Ms} ms`,
      `${r.p99Ms} ms`,
      r.totalRequests,
      r.status2xx,
      r.status3xx,
      r.badStatus,
      `${r.errors} (${r.timeouts})`,
    ]),
  );
}

/**
 * GET / against nginx on the same bytes (issue 46): the home page is rendered by React Router
 * through the middleware every page needs, so it is held to 0.03×, not issue 32's withdrawn 0.3×.
 */
const HOME_TO_NGINX = 0.03;

function nginxLine(section: LoadSection): string {
  const n = section.nginx;
  if (!n.installed)
    return "nginx is not installed (`which nginx` found nothing): no static-server comparison.";
  if ("error" in n) return `nginx comparison failed: ${n.error}`;
  const verdict = n.appToNginx >= HOME_TO_NGINX ? "meets" : "misses";
  return `GET / with \`Accept-Encoding: gzip\`, same load generator, one after the other: the app ${n.appRequestsPerSec} req/s (p50 ${n.appP50Ms} ms; answered ${n.appEncoding}, ${n.appBytes} bytes), nginx serving the same page as a file gzipped once, with \`gzip_static\`, ${n.requestsPerSec} req/s (p50 ${n.p50Ms} ms, p99 ${n.p99Ms} ms; answered ${n.nginxEncoding}, ${n.nginxBytes} bytes). App/nginx: **${n.appToNginx}** (target ≥ ${HOME_TO_NGINX}: ${verdict}). Express alone, with no middleware, on the same bytes: ${n.bareExpressRequestsPerSec} req/s, ${n.bareExpressToNginx}× nginx (the framework's ceiling; the app's middleware chain and live parts cost the rest).`;
}

function drillsTable(drills: DrillResult[]): string {
  return table(
    ["drill", "engine", "result", "counts"],
    drills.map((d) => [d.name, d.engine, d.pass ? "PASS" : "**FAIL**", d.summary]),
  );
}

function clusterTable(section: ClusterSection): string {
  return table(
    [
      "instances",
      "via",
      "request",
      "req/s",
      "p50",
      "p99",
      "requests",
      "non-2xx/3xx",
      "errors",
      "CPUs: load generator",
      "app",
      "nginx",
      "PostgreSQL",
      "other",
    ],
    section.throughput.map((r) => [
      r.instances,
      r.via,
      `${r.method} ${r.path}`,
      r.requestsPerSec,
      `${r.p50Ms} ms`,
      `${r.p99Ms} ms`,
      r.totalRequests,
      r.badStatus,
      r.errors,
      r.cpu.loadGenerator,
      r.cpu.app,
      r.cpu.nginx,
      r.cpu.postgres,
      r.cpu.other,
    ]),
  );
}

function clusterParts(report: BenchReport): string[] {
  const c = report.cluster;
  if (!c) return ["Not run."];
  if (c.skipped) return [`Skipped: ${c.skipped}.`];
  return [
    `nginx 1.22 with \`deploy/nginx/fsts.conf\` (ports and paths swapped) in front of three instances of the production build (\`node server.js\`, \`TRUST_PROXY=true\`) on one fresh PostgreSQL database, on 127.0.0.1.`,
    c.drills.length ? drillsTable(c.drills) : "No drill ran.",
    `### Throughput with 1, 2 and 3 instances`,
    `${c.connections} connections for ${c.durationSeconds} s per row after a 200-request warm-up, autocannon in the bench process. The CPU columns are CPUs in use during the row (1.0 = one CPU busy the whole time; this machine has ${report.machine.cpus}): the load generator, the serving instances, nginx, the PostgreSQL backends of the bench's database, and everything else (PostgreSQL's shared processes, other work on the machine). On ${report.machine.cpus} CPUs the instances share the same cores, so more instances cannot add capacity here; the figures show what each costs and that the proxy spreads the load.`,
    c.throughput.length ? clusterTable(c) : "No throughput run.",
    ...c.errors.map((e) => `Error: ${e}.`),
  ];
}

/** Load averages, with a warning when other work was competing for the CPUs. */
function busyNote(report: BenchReport): string {
  const { cpus, loadAverageStart, loadAverageEnd } = report.machine;
  // At the end the bench's own load is still in the average; only the start shows others' work.
  const busy = loadAverageStart > cpus / 2;
  return `1-minute load average ${loadAverageStart} at start, ${loadAverageEnd} at end (the bench's own load included).${busy ? ` **The machine was busy with other work (load average above half its ${cpus} CPUs before the bench began): timings and mobile performance scores are pessimistic; rerun on a quiet machine before comparing.**` : ""}`;
}

function renderMarkdown(report: BenchReport): string {
  const parts: string[] = [];
  const missed = misses(report);
  parts.push(
    `# Benchmark report`,
    `Run ${report.startedAt} (${report.durationSeconds} s) on ${report.machine.cpus} CPUs, Node ${report.machine.node}, ${report.machine.platform}. Everything ran on 127.0.0.1 against the production build.`,
    busyNote(report),
    `## Summary`,
    report.lighthouse
      ? `- Page-speed targets: ${report.lighthouse.checks.length - missed.length} of ${report.lighthouse.checks.length} met${missed.length ? `, ${missed.length} missed (see Targets below)` : ""}.`
      : "- Page speed: not run.",
    `- Drills: ${
      [...report.drills, ...(report.cluster?.drills ?? [])]
        .map((d) => `${d.name.split(".")[0]} ${d.engine} ${d.pass ? "PASS" : "FAIL"}`)
        .join(", ") || "not run"
    }.`,
  );

  parts.push(`## 1. Page speed (Lighthouse 12.8.2)`);
  if (!report.lighthouse) parts.push("Not run.");
  else {
    const s = report.lighthouse;
    if (s.error) parts.push(`Runs that failed: ${s.error}`);
    parts.push(
      `Chromium: \`${s.chromePath}\`. Mobile is Lighthouse's default (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown), run ${s.mobileRuns}× per page with the median-performance run reported, and as many times on a no-JS snapshot of the same page (the same HTML from the same server through a proxy that removes every script and module preload and gzips): the limit its paint can reach; desktop is \`desktop-config.js\`, run once. Inline JS is the page's inline scripts, gzipped one by one. JS and CSS are the transfer sizes (gzip body + response headers) of the script and stylesheet requests each page made, with the gzip bodies alone in brackets; 1 KB = 1000 bytes.`,
      lighthouseTable(s),
      `### Targets`,
      `${s.checks.filter((c) => c.verdict === "meets").length} met, ${missed.length} missed, ${s.checks.filter((c) => c.verdict === "reported").length} reported without a target.`,
      checksTable(s.checks),
    );
    const losing = s.pages.filter((p) => p.losses.length > 0);
    if (losing.length > 0) {
      parts.push(
        `### What costs points`,
        losing
          .map(
            (p) =>
              `- ${p.preset} ${p.path}: ${p.losses
                .slice(0, 6)
                .map(
                  (l) => `${l.category}/${l.audit} ${l.score}${l.detail ? ` (${l.detail})` : ""}`,
                )
                .join(", ")}`,
          )
          .join("\n"),
      );
    }
    const home = s.pages.find((p) => p.preset === "mobile" && p.path === "/");
    if (home)
      parts.push(
        `### JavaScript on / (mobile)`,
        table(
          ["file", "transfer", "gzip body"],
          home.assets
            .filter((a) => a.type === "Script")
            .sort((a, b) => b.transferBytes - a.transferBytes)
            .map((a) => [a.path, kb(a.transferBytes), kb(a.gzipBytes)]),
        ),
      );
    const warned = s.pages.filter((p) => p.warnings.length > 0);
    if (warned.length > 0)
      parts.push(
        `Lighthouse warnings: ${warned.map((p) => `${p.preset} ${p.path}: ${p.warnings.join(" ")}`).join("; ")}`,
      );
    parts.push(`Full reports: \`bench/results/lighthouse/*.html\`.`);
  }

  parts.push(`## 2. Server load (autocannon, loopback)`);
  if (!report.load) parts.push("Not run.");
  else {
    const l = report.load;
    parts.push(
      `${l.connections} connections for ${l.durationSeconds} s per row, after a 200-request warm-up; autocannon runs in the bench process on the same ${report.machine.cpus} CPUs as the server. Posts carry the visitor cookie and a new email each, so every one writes a person, a submission and its outbox email(s). Form rate limit raised for the run.`,
      loadTable(l),
      nginxLine(l),
      ...l.skipped.map((s) => `Skipped: ${s}.`),
      ...l.errors.map((e) => `Error: ${e}.`),
    );
  }

  parts.push(`## 3. Fault drills`);
  parts.push(report.drills.length ? drillsTable(report.drills) : "Not run.");

  parts.push(`## 4. Several instances behind nginx (cluster)`, ...clusterParts(report));
  return parts.join("\n\n") + "\n";
}

export function writeReports(dir: string, report: BenchReport) {
  writeFileSync(path.join(dir, "report.json"), JSON.stringify(report, null, 2) + "\n");
  writeFileSync(path.join(dir, "report.md"), renderMarkdown(report));
}

export function printSummary(report: BenchReport) {
  const lines: string[] = ["", "=== bench summary ===", busyNote(report).replaceAll("**", ""), ""];
  if (report.lighthouse?.error) lines.push(`Lighthouse failures: ${report.lighthouse.error}`, "");
  if (report.lighthouse?.pages.length) {
    lines.push(lighthouseTable(report.lighthouse), "");
    const missed = misses(report);
    lines.push(
      missed.length
        ? `Targets missed (${missed.length} of ${report.lighthouse.checks.length}):\n${checksTable(missed)}`
        : `All ${report.lighthouse.checks.length} page-speed targets met.`,
      "",
    );
  } else if (report.lighthouse?.error)
    lines.push(`Lighthouse failed: ${report.lighthouse.error}`, "");
  if (report.load) lines.push(loadTable(report.load), nginxLine(report.load), "");
  for (const d of [...report.drills, ...(report.cluster?.drills ?? [])])
    lines.push(`${d.pass ? "PASS" : "FAIL"}  ${d.name} [${d.engine}]: ${d.summary}`);
  if (report.cluster?.skipped) lines.push(`cluster: skipped (${report.cluster.skipped})`);
  if (report.cluster?.throughput.length) lines.push("", clusterTable(report.cluster));
  lines.push(
    "",
    `report: bench/results/report.md, bench/results/report.json (${report.durationSeconds} s)`,
  );
  console.log(lines.join("\n"));
}
