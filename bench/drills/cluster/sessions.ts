import { createOwner, signIn } from "../../lib/admin";
import type { ClusterDrill } from "../../lib/cluster";
import { FORM_HEADERS } from "../../lib/forms";
import type { RunningServer } from "../../lib/server";

/**
 * g. The owner (made with the admin CLI) signs in on instance 1, works on instance 2 and logs out
 * on instance 3; the old cookie is then refused everywhere.
 */
export const sessionsAcrossInstances: ClusterDrill = {
  name: "g. admin signs in on instance 1, works on 2, logs out on 3",
  async run(cluster) {
    const [first, second, third] = cluster.instances as [
      RunningServer,
      RunningServer,
      RunningServer,
    ];
    await createOwner(cluster.database.url);
    // Straight to each instance (not through nginx), so the browser's origin is the instance's.
    const get = async (base: string, path: string, cookie: string) => {
      const res = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
      await res.arrayBuffer();
      return res.status;
    };

    const login = await signIn(first.url);
    const cookie = login.cookie;
    const working = [
      await get(second.url, "/admin", cookie),
      await get(second.url, "/admin/people", cookie),
      await get(second.url, "/admin/emails", cookie),
    ];
    const logout = await fetch(`${third.url}/admin/cohort-settings`, {
      method: "POST",
      headers: { ...FORM_HEADERS, origin: third.url, cookie },
      body: new URLSearchParams({ intent: "logout" }).toString(),
      redirect: "manual",
    });
    await logout.arrayBuffer();
    const cleared = /fsts_admin=;/.test(logout.headers.get("set-cookie") ?? "");
    const after = [
      await get(first.url, "/admin", cookie),
      await get(second.url, "/admin", cookie),
      await get(third.url, "/admin", cookie),
      await get(cluster.url, "/admin", cookie),
    ];
    const sessionsLeft = (await cluster.inspect.db.selectFrom("sessions").select("id").execute())
      .length;
    const pass =
      // A successful login and logout answer 303 with a flash toast (post/redirect/get).
      login.status === 303 &&
      working.every((s) => s === 200) &&
      logout.status === 303 &&
      cleared &&
      after.every((s) => s >= 300 && s < 400) &&
      sessionsLeft === 0;
    return {
      pass,
      summary: `login on 1: ${login.status}; /admin, /admin/people, /admin/emails on 2: ${working.join(", ")}; logout on 3: ${logout.status} (cookie cleared: ${cleared}); the old cookie afterwards on 1, 2, 3 and nginx: ${after.join(", ")} (redirect to sign-in); ${sessionsLeft} session rows left`,
      details: {
        login: login.status,
        workingStatuses: working.join(","),
        logout: logout.status,
        cookieCleared: cleared,
        afterLogout: after.join(","),
        sessionsLeft,
      },
    };
  },
};
