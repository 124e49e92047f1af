import {
  postLead,
  servedBy,
  submissionsLike,
  type ClusterDrill,
  type PostOutcome,
} from "../../lib/cluster";
import { LEAD_PATH, visitorCookie } from "../../lib/forms";

/**
 * f. 300 concurrent lead posts through nginx, all from 127.0.0.1, with RATE_LIMIT_PER_MINUTE=10:
 * the limit is one count in the shared database, whichever instance answers.
 */
export const sharedRateLimit: ClusterDrill = {
  name: "f. 300 lead posts from one address, RATE_LIMIT_PER_MINUTE=10, 3 instances",
  async run(cluster) {
    const cookie = await visitorCookie(cluster.url);
    const before = servedBy(cluster.instances, "POST", LEAD_PATH);
    const outcomes: PostOutcome[] = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        postLead(cluster.url, cluster.url, cookie, `cluster-limit-${i}@example.com`),
      ),
    );
    const accepted = outcomes.filter((o) => o.confirmed).length;
    const limited = outcomes.filter((o) => o.status === 429);
    const withRetryAfter = limited.filter((o) => o.retryAfter === "60").length;
    const stored = (await submissionsLike(cluster, "cluster-limit-")).length;
    const perInstance = servedBy(cluster.instances, "POST", LEAD_PATH).map(
      (n, i) => n - before[i]!,
    );
    const pass =
      accepted === 10 &&
      limited.length === 290 &&
      withRetryAfter === 290 &&
      stored === 10 &&
      perInstance.filter((n) => n > 0).length > 1;
    return {
      pass,
      summary: `${accepted} accepted, ${limited.length} answered 429 (${withRetryAfter} with Retry-After: 60), ${300 - accepted - limited.length} other; ${stored} stored; posts per instance ${perInstance.join("/")}`,
      details: {
        posts: 300,
        accepted,
        refused429: limited.length,
        refusedWithRetryAfter: withRetryAfter,
        stored,
        perInstance: perInstance.join("/"),
      },
    };
  },
};
