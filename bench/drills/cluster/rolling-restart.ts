import type { ClusterDrill } from "../../lib/cluster";
import { nothingAcknowledgedLost, stopDuringPosts } from "../../lib/cluster-stop";

/**
 * l. The README's procedure: take the instance out of the upstream (reload, and let the old nginx
 * worker finish what it had already sent there), then SIGTERM it.
 */
export const rollingRestart: ClusterDrill = {
  name: "l. rolling restart during 300 lead posts: out of nginx (reload), then SIGTERM",
  async run(cluster) {
    const r = await stopDuringPosts(cluster, "cluster-roll-", async (instance) => {
      await cluster.nginx!.reload(
        cluster.instances.filter((i) => i !== instance).map((i) => i.port),
      );
      await instance.stop();
    });
    const pass = r.confirmed === 300 && nothingAcknowledgedLost(r);
    return {
      pass,
      summary: `${r.confirmed}/300 acknowledged and stored with their email, ${r.failed} failed${r.failedStatuses ? ` (${r.failedStatuses})` : ""}; ${r.duplicates} duplicates; the instance exited ${r.stopSeconds} s after the reload began; posts per instance ${r.served}; nginx logged: ${r.nginxErrors}; afterwards 50 GET /enroll → ${r.afterGetsOk} ok, 50 posts → ${r.afterPostsOk} ok`,
      details: r,
    };
  },
};
