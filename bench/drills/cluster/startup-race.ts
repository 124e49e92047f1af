import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { INSTANCES, startCluster, type ClusterDrill } from "../../lib/cluster";
import { round } from "../../lib/format";

/** e. The three instances start at the same moment on the empty database (the rate limit at 10). */
export const startupRace: ClusterDrill = {
  name: "e. three instances started at once on an empty PostgreSQL database",
  async run(cluster) {
    const started = Date.now();
    await startCluster(cluster, { RATE_LIMIT_PER_MINUTE: "10" });
    const seconds = round((Date.now() - started) / 1000, 1);
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(cluster.inspect.db);
    const names = rows.map((r) => r.name);
    const { rows: tables } = await sql<{
      n: string;
    }>`select count(*) as n from information_schema.tables where table_schema = 'public' and table_name in ('rate_limits', 'outbox', 'people')`.execute(
      cluster.inspect.db,
    );
    const failures = cluster.instances.filter((i) =>
      /Migration failed|"level":"error"/.test(readFileSync(i.logFile, "utf8")),
    ).length;
    const pass =
      cluster.instances.length === INSTANCES &&
      names.length > 0 &&
      new Set(names).size === names.length &&
      Number(tables[0]!.n) === 3 &&
      failures === 0;
    return {
      pass,
      summary: `${cluster.instances.length}/${INSTANCES} ready in ${seconds} s; kysely_migration: ${names.length} rows, ${new Set(names).size} distinct; ${failures} instance logs with errors; nginx in front (deploy/nginx/fsts.conf)`,
      details: {
        instancesReady: cluster.instances.length,
        secondsToReady: seconds,
        migrationsApplied: names.length,
        distinctMigrations: new Set(names).size,
        instancesWithErrors: failures,
      },
    };
  },
};
