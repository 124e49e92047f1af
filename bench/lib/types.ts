/** The shapes report.json is made of; each section module returns one of them. */

import type { CpuShare } from "./cpu";

/** "reported": a figure the issue asks to see, with no target to meet. */
type Verdict = "meets" | "misses" | "reported";

export interface Check {
  label: string;
  value: string;
  target: string;
  verdict: Verdict;
  /** How far from the target, when it misses. */
  gap?: string;
}

export interface AssetSize {
  path: string;
  type: "Script" | "Stylesheet";
  /** What crossed the wire as Lighthouse saw it: gzip body plus response headers. */
  transferBytes: number;
  /** The gzip body alone (fetched again with Accept-Encoding: gzip), as bundlers report sizes. */
  gzipBytes: number;
}

export interface LighthousePage {
  preset: "mobile" | "desktop";
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Performance score of every run; the reported run is the median one. */
  performanceRuns: number[];
  /** Mobile: the median LCP over the runs (each run's in `lcpRuns`); desktop: the one run's. */
  lcpMs: number;
  lcpRuns?: number[];
  tbtMs: number;
  cls: number;
  /** Transfer sizes (gzip body plus response headers) of the page's scripts and stylesheets. */
  jsBytes: number;
  cssBytes: number;
  /** The same without headers. */
  jsGzipBytes: number;
  cssGzipBytes: number;
  jsRequests: number;
  /** The page's inline scripts, each gzipped alone: JavaScript that is no request of its own. */
  inlineJsGzipBytes: number;
  /**
   * Mobile only: the same page as a no-JS snapshot (every script and module preload removed by
   * a proxy on the same machine), the limit this page's paint can reach.
   */
  noJs?: {
    lcpMs: number;
    lcpRuns: number[];
    tbtMs: number;
    cls: number;
    performance: number;
    runs: number[];
  };
  assets: AssetSize[];
  /** Audits that cost points in a category below 100, worst first. */
  losses: {
    category: string;
    audit: string;
    title: string;
    score: number | null;
    detail: string;
  }[];
  warnings: string[];
  reportFile: string;
}

export interface LighthouseSection {
  chromePath: string;
  mobileRuns: number;
  pages: LighthousePage[];
  checks: Check[];
  error?: string;
}

export interface LoadRun {
  engine: "sqlite" | "postgres";
  scenario: string;
  method: string;
  path: string;
  requestsPerSec: number;
  totalRequests: number;
  p50Ms: number;
  p99Ms: number;
  status2xx: number;
  status3xx: number;
  /** Responses that were neither 2xx nor 3xx (1xx, 4xx, 5xx). */
  badStatus: number;
  /** Requests that got no response: connection errors and timeouts (autocannon counts both). */
  errors: number;
  /** Of those, no response within 10 s. */
  timeouts: number;
  statusCodes: Record<string, number>;
}

export interface LoadSection {
  durationSeconds: number;
  connections: number;
  runs: LoadRun[];
  nginx:
    | { installed: false }
    | {
        installed: true;
        requestsPerSec: number;
        p50Ms: number;
        p99Ms: number;
        /** The app's GET / in the same run, with the same Accept-Encoding: gzip. */
        appRequestsPerSec: number;
        appP50Ms: number;
        appToNginx: number;
        /** Express with no middleware on the same bytes (bench/lib/bare-express.ts). */
        bareExpressRequestsPerSec: number;
        bareExpressToNginx: number;
        /** What each answered to Accept-Encoding: gzip, and its body bytes. */
        appEncoding: string;
        appBytes: number;
        nginxEncoding: string;
        nginxBytes: number;
      }
    | { installed: true; error: string };
  skipped: string[];
  errors: string[];
}

export interface DrillResult {
  name: string;
  engine: "sqlite" | "postgres";
  pass: boolean;
  /** One line with the counts that decided it. */
  summary: string;
  details: Record<string, number | string | boolean>;
}

export interface ClusterThroughputRun {
  /** How many app instances served the run, and whether through nginx or straight to one. */
  instances: number;
  via: "nginx" | "direct";
  scenario: string;
  method: string;
  path: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  /** Answered with a status other than 2xx/3xx. */
  badStatus: number;
  errors: number;
  cpu: CpuShare;
}

export interface ClusterSection {
  /** Why the section did not run, when it did not. */
  skipped?: string;
  durationSeconds: number;
  connections: number;
  drills: DrillResult[];
  throughput: ClusterThroughputRun[];
  errors: string[];
}

export interface BenchReport {
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  machine: {
    cpus: number;
    node: string;
    platform: string;
    /** 1-minute load average when the bench started and when it ended: other work skews figures. */
    loadAverageStart: number;
    loadAverageEnd: number;
  };
  lighthouse: LighthouseSection | null;
  load: LoadSection | null;
  drills: DrillResult[];
  cluster: ClusterSection | null;
}
