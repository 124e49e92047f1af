// Section 4 of the bench: the cluster drills e–l, one file each, in the order they run, then the
// throughput runs. The shared setup is bench/lib/cluster.ts.
import {
  closeCluster,
  NO_RATE_LIMIT,
  openCluster,
  restartCluster,
  type ClusterDrill,
  type ClusterOptions,
} from "../../lib/cluster";
import { nginxBinary } from "../../lib/deployed-nginx";
import type { ClusterSection, DrillResult } from "../../lib/types";
import { outboxOnce } from "./outbox";
import { rollingRestart } from "./rolling-restart";
import { seatsOverInstances } from "./seat-race";
import { sessionsAcrossInstances } from "./sessions";
import { sharedRateLimit } from "./shared-rate-limit";
import { killDuringPosts } from "./sigkill";
import { gracefulStopUnderLoad } from "./sigterm";
import { startupRace } from "./startup-race";
import { throughput } from "./throughput";

export type { ClusterOptions } from "../../lib/cluster";

/** Records and prints one drill (bench/run.ts's `drill`). */
export type DrillRunner = (name: string, run: () => Promise<DrillResult>) => Promise<DrillResult>;

/**
 * nginx (deploy/nginx/fsts.conf) in front of three instances of the production build on one
 * PostgreSQL database: start-up race, shared rate limit, sessions across instances, the outbox
 * with three workers, the seat race, an instance killed mid-write, a graceful stop under load,
 * a rolling restart, and throughput with one, two and three instances.
 */
export async function runCluster(
  options: ClusterOptions,
  drill: DrillRunner,
): Promise<ClusterSection> {
  const section: ClusterSection = {
    durationSeconds: options.durationSeconds,
    connections: options.connections,
    drills: [],
    throughput: [],
    errors: [],
  };
  if (!options.postgresUrl) {
    section.skipped =
      "BENCH_DATABASE_URL is not set: several instances need PostgreSQL, so the cluster drill was skipped";
    console.log(`  skipped: ${section.skipped}`);
    return section;
  }
  if (!nginxBinary()) {
    section.skipped =
      "nginx is not installed: the cluster drill needs it in front of the instances";
    console.log(`  skipped: ${section.skipped}`);
    return section;
  }

  const cluster = await openCluster(options.postgresUrl);
  const record = async ({ name, run }: ClusterDrill) => {
    const result = await drill(name, async () => ({
      name,
      engine: "postgres",
      ...(await run(cluster)),
    }));
    section.drills.push(result);
  };
  // A drill that leaves the cluster changed (the rate limit at 10, an instance stopped) is
  // followed by a restart of all three with the limit out of the way.
  const fresh = () => restartCluster(cluster, { RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT });
  try {
    await record(startupRace);
    await record(sharedRateLimit);
    await fresh();
    await record(sessionsAcrossInstances);
    await record(outboxOnce);
    await record(seatsOverInstances);
    await record(killDuringPosts);
    await fresh();
    await record(gracefulStopUnderLoad);
    await fresh();
    await record(rollingRestart);
    await fresh();
    section.throughput = await throughput(cluster, options);
  } catch (error) {
    section.errors.push((error as Error).message);
    console.error(`  cluster: ${(error as Error).message}`);
  } finally {
    await closeCluster(cluster);
  }
  return section;
}
