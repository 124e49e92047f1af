import type { ClusterDrill } from "../../lib/cluster";
import { nothingAcknowledgedLost, stopDuringPosts } from "../../lib/cluster-stop";

/**
 * k. A graceful stop the proxy is not told about. Requests in flight finish, but connections nginx
 * opened that the busy instance had not yet accepted, still in the kernel's accept queue, are
 * reset when the listener closes, and nginx answers 502 rather than resend a POST (those requests
 * never reached the app, so nothing of them is stored). Lost acknowledgements are reported, not
 * failed: the rolling restart (l) is the procedure that loses none.
 */
export const gracefulStopUnderLoad: ClusterDrill = {
  name: "k. SIGTERM one of 3 instances during 300 lead posts, nginx not told",
  async run(cluster) {
    const r = await stopDuringPosts(cluster, "cluster-term-", (instance) => instance.stop());
    const pass = nothingAcknowledgedLost(r);
    return {
      pass,
      summary: `${r.confirmed}/300 acknowledged, all stored with their email: ${r.missing === 0 && r.withoutEmail === 0}; ${r.failed} not acknowledged${r.failedStatuses ? ` (${r.failedStatuses}; ${r.failedButStored} of them committed anyway)` : ""}; ${r.duplicates} duplicates; the instance exited ${r.stopSeconds} s after its SIGTERM; posts per instance ${r.served}; nginx logged: ${r.nginxErrors}; afterwards 50 GET /enroll → ${r.afterGetsOk} ok, 50 posts → ${r.afterPostsOk} ok`,
      details: r,
    };
  },
};
