import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminCookie,
  insertAccount,
  seedGuardFixtures,
  sessionCookie,
  settle,
} from "../../../../tests/support/admin";
import { callAction, formRequest, makeContext, unwrap } from "../../../../tests/support/context";
import {
  startTestServices,
  testEngines,
  suiteTables,
  type TestServices,
} from "../../../../tests/support/databases";
import { countRows } from "../../../../tests/support/suite";
import routes from "~/routes";
import { getCohort } from "~/features/cohort/cohort.server";
import { ADMIN_ROUTES, GUARD_FIXTURE_IDS } from "../../../../tests/support/admin-routes";
import { ADMIN_LOGIN_PATH } from "~/features/accounts/paths";

const PASSWORD = "a long admin password";

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

function adminPaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = path.startsWith("/admin") ? [path] : [];
    return [...own, ...adminPaths(entry.children ?? [], path)];
  });
}

describe("ADMIN_ROUTES", () => {
  it("lists every /admin route of the app, and only those", () => {
    expect(ADMIN_ROUTES.map((route) => route.path).sort()).toEqual(
      adminPaths(routes as RouteEntry[]).sort(),
    );
  });

  it("gives each route with an action at least one submission to try", async () => {
    for (const route of ADMIN_ROUTES) {
      const module = await route.load();
      if (module.action) expect(route.submissions.length, route.path).toBeGreaterThan(0);
    }
  });
});

describe.each(testEngines())("admin routes refuse non-admins on $name", (engine) => {
  let t: TestServices;
  const visitors: Record<string, string | undefined> = {};
  let adminSession = "";

  const sessionFor = (accountId: string, expiresAt: string) =>
    sessionCookie(t.services.db, t.config.sessionSecrets, accountId, expiresAt);

  /** Every business table's rows; sessions are left out (reading an expired one deletes it). */
  async function snapshot(): Promise<string> {
    // Only this suite's schema: other suites may be running on the same PostgreSQL database.
    const tables = (await suiteTables(t))
      .filter((name) => !name.startsWith("kysely_") && name !== "sessions")
      .sort();
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      rows[table] = await (t.services.db as any).selectFrom(table).selectAll().execute();
    }
    return JSON.stringify(rows);
  }

  const sessionCount = () => countRows(t.services.db, "sessions");

  beforeAll(async () => {
    t = await startTestServices(engine);
    await getCohort(t.services.db, new Date());
    await seedGuardFixtures(t.services.db, GUARD_FIXTURE_IDS);
    const adminId = await insertAccount(t.services.db, {
      email: "boss@example.com",
      password: PASSWORD,
    });
    const staffId = await insertAccount(t.services.db, {
      email: "staff@example.com",
      password: PASSWORD,
      isAdmin: false,
    });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    visitors["no cookie"] = undefined;
    visitors["a forged cookie"] = "fsts_admin=abc.def";
    visitors["a non-admin's session"] = await sessionFor(staffId, future);
    visitors["an expired admin session"] = await sessionFor(
      adminId,
      new Date(Date.now() - 1000).toISOString(),
    );
    adminSession = await sessionFor(adminId, future);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** The URL of a route with its params filled in. */
  const urlOf = (route: (typeof ADMIN_ROUTES)[number]) =>
    route.path.replace(/:(\w+)/g, (_, name: string) => route.params?.[name] ?? name);
  /** Runs a route's loader, or its action on a form of `fields`, for a browser sending `cookie`. */
  const call = async (
    route: (typeof ADMIN_ROUTES)[number],
    run: unknown,
    cookie: string | undefined,
    fields?: Record<string, string>,
  ) => {
    const path = urlOf(route);
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const request = fields
      ? formRequest(path, fields, headers)
      : new Request(`http://localhost:3000${path}`, { headers });
    return unwrap(
      await settle(callAction(run as never, request, makeContext(t.services), route.params)),
    );
  };

  const isLoginRedirect = (result: { status: number; headers: Headers }) =>
    result.status >= 300 &&
    result.status < 400 &&
    Boolean(result.headers.get("location")?.startsWith(ADMIN_LOGIN_PATH));

  /** Refused means: a redirect to the login, a 4xx, or the login view; never page data. */
  function expectRefused(result: { status: number; body: unknown; headers: Headers }) {
    if (result.status >= 300 && result.status < 400) {
      expect(isLoginRedirect(result)).toBe(true);
    } else if (result.status >= 400) {
      expect(result.status).toBeLessThan(500);
    } else {
      expect(result.body).toEqual({ view: "login" });
    }
  }

  for (const route of ADMIN_ROUTES) {
    describe(route.path, () => {
      it.each([
        "no cookie",
        "a forged cookie",
        "a non-admin's session",
        "an expired admin session",
      ])("returns no admin data and changes nothing for %s", async (who) => {
        const module = await route.load();
        const cookie = visitors[who];
        const before = await snapshot();
        const sessionsBefore = await sessionCount();
        if (module.loader) {
          const result = await call(route, module.loader, cookie);
          expectRefused(result);
          expect(JSON.stringify(result.body ?? null)).not.toContain("boss@example.com");
          expect(JSON.stringify(result.body ?? null)).not.toContain("guarded.person@example.com");
        }
        if (module.action) {
          for (const fields of route.submissions) {
            const result = await call(route, module.action, cookie, fields);
            expect(result.status).not.toBe(200);
            expectRefused(result);
          }
        }
        expect(await snapshot()).toBe(before);
        expect(await sessionCount()).toBeLessThanOrEqual(sessionsBefore);
      });

      it("lets an admin make each of the same submissions (so the walk above proves something)", async () => {
        const module = await route.load();
        if (module.loader) {
          const loaded = await call(route, module.loader, adminSession);
          expect(isLoginRedirect(loaded)).toBe(false);
          expect(loaded.body).not.toEqual({ view: "login" });
        }
        for (const fields of route.submissions) {
          const before = await snapshot();
          const result = await call(route, module.action, adminSession, fields);
          expect(result.status).toBeLessThan(400);
          expect(await snapshot()).not.toBe(before);
        }
      });
    });
  }

  it.each(ADMIN_ROUTES.filter((route) => route.params))(
    "$path answers 404 to an admin for a record that does not exist",
    async (route) => {
      const module = await route.load();
      const params = Object.fromEntries(Object.keys(route.params!).map((name) => [name, "none"]));
      // A loader refuses by throwing its 404 (orNotFound); either way it is the answer.
      const answer = await call({ ...route, params }, module.loader, adminSession).catch(unwrap);
      expect(answer.status).toBe(404);
    },
  );

  it("a non-admin cannot get a session by logging in", async () => {
    const before = await sessionCount();
    const { action } = await import("~/features/cohort/routes/cohort-settings");
    const result = await unwrap(
      await callAction(
        action,
        formRequest(ADMIN_LOGIN_PATH, {
          intent: "login",
          email: "staff@example.com",
          password: PASSWORD,
        }),
        makeContext(t.services, { ip: "10.9.9.9" }),
      ),
    );
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe("/");
    expect(() => adminCookie(result.headers.get("set-cookie"))).toThrow();
    expect(await sessionCount()).toBe(before);
  });
});
