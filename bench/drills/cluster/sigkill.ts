import type { ClusterDrill } from "../../lib/cluster";
import { nothingAcknowledgedLost, stopDuringPosts } from "../../lib/cluster-stop";

/** j. kill -9 one instance once 100 of 300 concurrent lead posts through nginx are answered. */
export const killDuringPosts: ClusterDrill = {
  name: "j. SIGKILL one of 3 instances during 300 lead posts",
  async run(cluster) {
    const r = await stopDuringPosts(cluster, "cluster-kill-", (instance) => instance.kill());
    const pass = nothingAcknowledgedLost(r);
    return {
      pass,
      summary: `${r.confirmed} acknowledged, all stored with their email: ${r.missing === 0 && r.withoutEmail === 0}; ${r.failed} not acknowledged (${r.failedStatuses || "none"}; ${r.failedButStored} of them committed anyway); ${r.duplicates} duplicates; posts per instance ${r.served}; nginx logged: ${r.nginxErrors}; after the kill 50 GET /enroll → ${r.afterGetsOk} ok, 50 posts → ${r.afterPostsOk} ok`,
      details: r,
    };
  },
};
