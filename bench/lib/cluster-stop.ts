// Drills j, k and l: one instance stops while lead posts go through nginx, each its own way.
import { readFileSync } from "node:fs";
import { postLead, servedBy, submissionsLike, type Cluster } from "./cluster";
import { round } from "./format";
import { LEAD_PATH, visitorCookie } from "./forms";
import type { RunningServer } from "./server";

/**
 * 300 concurrent lead posts through nginx; once 100 are answered, one instance stops: SIGKILL
 * (nothing runs) or SIGTERM (the graceful stop). Then 100 more requests through nginx.
 */
export async function stopDuringPosts(
  cluster: Cluster,
  prefix: string,
  stop: (instance: RunningServer) => Promise<void>,
) {
  const cookie = await visitorCookie(cluster.url);
  const victim = cluster.instances[1]!;
  const before = servedBy(cluster.instances, "POST", LEAD_PATH);
  let answered = 0;
  let stopping: Promise<void> | null = null;
  let answeredAtStop = 0;
  let stopSeconds = 0;
  const outcomes = await Promise.all(
    Array.from({ length: 300 }, async (_, i) => {
      const outcome = await postLead(cluster.url, cluster.url, cookie, `${prefix}${i}@example.com`);
      if (outcome.status !== 0) answered += 1;
      if (answered >= 100 && !stopping) {
        answeredAtStop = answered;
        const signalled = Date.now();
        stopping = stop(victim).then(() => {
          stopSeconds = round((Date.now() - signalled) / 1000, 1);
        });
      }
      return outcome;
    }),
  );
  await (stopping ?? stop(victim));
  const served = servedBy(cluster.instances, "POST", LEAD_PATH).map((n, i) => n - before[i]!);

  // The proxy after the stop: pages and posts still answered by the instances left.
  const afterGets = await Promise.all(
    Array.from({ length: 50 }, async () => {
      try {
        const res = await fetch(`${cluster.url}/enroll`, { signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        return res.status;
      } catch {
        return 0;
      }
    }),
  );
  const afterPosts = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      postLead(cluster.url, cluster.url, cookie, `${prefix}after-${i}@example.com`),
    ),
  );

  const stored = await submissionsLike(cluster, prefix);
  const storedSet = new Set(stored);
  const confirmed = outcomes.filter((o) => o.confirmed);
  const missing = confirmed.filter((o) => !storedSet.has(o.email)).length;
  const duplicates = stored.length - storedSet.size;
  const queued = new Set(
    (
      await cluster.inspect.db
        .selectFrom("outbox")
        .select("to_address")
        .where("to_address", "like", `${prefix}%`)
        .execute()
    ).map((r) => r.to_address),
  );
  const withoutEmail = confirmed.filter((o) => !queued.has(o.email)).length;
  const failed = outcomes.filter((o) => !o.confirmed);
  const statuses = new Map<number, number>();
  for (const o of failed) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  const failedButStored = failed.filter((o) => storedSet.has(o.email)).length;
  const errorLog = readFileSync(cluster.nginx!.errorLog, "utf8");
  return {
    confirmed: confirmed.length,
    failed: failed.length,
    failedStatuses: [...statuses].map(([s, n]) => `${n}× ${s || "no answer"}`).join(", "),
    failedButStored,
    missing,
    duplicates,
    withoutEmail,
    answeredAtStop,
    stopSeconds,
    served: served.join("/"),
    afterGetsOk: afterGets.filter((s) => s === 200).length,
    afterPostsOk: afterPosts.filter((o) => o.confirmed).length,
    nginxErrors: nginxErrorKinds(errorLog),
  };
}

/** nginx's error log lines by kind ("connect() failed (111: Connection refused)": 3, …). */
function nginxErrorKinds(log: string): string {
  const kinds = new Map<string, number>();
  for (const line of log.split("\n")) {
    const kind = /\*\d+ (.+?)(?: while |, client:)/.exec(line)?.[1];
    if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, n]) => `${n}× ${kind}`).join("; ") || "none";
}

/**
 * What every stop drill demands: something acknowledged, every acknowledged post stored once with
 * its email, and the two survivors serving all 50 pages and 50 posts afterwards.
 */
export function nothingAcknowledgedLost(r: Awaited<ReturnType<typeof stopDuringPosts>>): boolean {
  return (
    r.confirmed > 0 &&
    r.missing === 0 &&
    r.duplicates === 0 &&
    r.withoutEmail === 0 &&
    r.afterGetsOk === 50 &&
    r.afterPostsOk === 50
  );
}
