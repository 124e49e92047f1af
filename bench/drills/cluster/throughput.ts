import { randomUUID } from "node:crypto";
import { INSTANCES, proxy, type Cluster, type ClusterOptions } from "../../lib/cluster";
import { measureCpu } from "../../lib/cpu";
import { round } from "../../lib/format";
import { LEAD_PATH, leadBody, visitorCookie } from "../../lib/forms";
import type { RunningServer } from "../../lib/server";
import type { ClusterThroughputRun } from "../../lib/types";
import { cannon, type Scenario } from "../../load";

const THROUGHPUT: Scenario[] = [
  { name: "SSR + cohort read", method: "GET", path: "/enroll" },
  {
    name: "lead submission",
    method: "POST",
    path: LEAD_PATH,
    body: (n) => leadBody(`cluster-load-${n}-${randomUUID()}@example.com`),
  },
];

/**
 * `GET /enroll` and a lead post under load: one instance directly, then one, two and three
 * through nginx, with the CPUs each side used (not a drill: reported, never failed).
 */
export async function throughput(
  cluster: Cluster,
  options: ClusterOptions,
): Promise<ClusterThroughputRun[]> {
  const runs: ClusterThroughputRun[] = [];
  const cookie = await visitorCookie(cluster.url);
  const measure = async (
    instances: RunningServer[],
    via: "nginx" | "direct",
    scenario: Scenario,
  ) => {
    const base = via === "nginx" ? cluster.url : instances[0]!.url;
    await cannon(base, scenario, cookie, { amount: 200, connections: 10 });
    const { result, cpu } = await measureCpu(
      {
        app: instances.map((i) => i.pid),
        nginx: via === "nginx" && cluster.nginx ? cluster.nginx.pids() : [],
        postgresDatabase: new URL(cluster.database.url).pathname.slice(1),
      },
      () =>
        cannon(base, scenario, cookie, {
          duration: options.durationSeconds,
          connections: options.connections,
        }),
    );
    const run: ClusterThroughputRun = {
      instances: instances.length,
      via,
      scenario: scenario.name,
      method: scenario.method,
      path: scenario.path,
      requestsPerSec: round(result.requests.average, 0),
      p50Ms: round(result.latency.p50, 1),
      p99Ms: round(result.latency.p99, 1),
      totalRequests: result.requests.total,
      badStatus: result["1xx"] + result["4xx"] + result["5xx"],
      errors: result.errors,
      cpu,
    };
    runs.push(run);
    console.log(
      `  cluster load ${run.instances} instance(s) via ${via.padEnd(6)} ${scenario.method} ${scenario.path.padEnd(17)} ${String(run.requestsPerSec).padStart(5)} req/s  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms  non-2xx/3xx ${run.badStatus}  errors ${run.errors}  CPUs: load generator ${cpu.loadGenerator}, app ${cpu.app}, nginx ${cpu.nginx}, PostgreSQL ${cpu.postgres}, other ${cpu.other}`,
    );
  };
  // One instance straight, then one, two and three behind nginx; the idle instances stay up but
  // take no traffic (their mail workers poll an empty outbox).
  for (const scenario of THROUGHPUT) await measure([cluster.instances[0]!], "direct", scenario);
  for (let n = 1; n <= INSTANCES; n++) {
    const serving = cluster.instances.slice(0, n);
    await proxy(cluster, serving);
    for (const scenario of THROUGHPUT) await measure(serving, "nginx", scenario);
  }
  return runs;
}
