import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAction, formRequest, makeContext, unwrap } from "../../../../tests/support/context";
import { ownerCookie, settle } from "../../../../tests/support/admin";
import {
  startTestServices,
  testEngines,
  suiteTables,
  type TestServices,
} from "../../../../tests/support/databases";
import {
  seedPortalFixtures,
  STUDENT_SECRET,
  type PortalFixtures,
} from "../../../../tests/support/portal";
import { PORTAL_ROUTES, type Outcome, type Who } from "../../../../tests/support/portal-routes";
import { ADMIN_ROUTES } from "../../../../tests/support/admin-routes";
import { ADMIN_LOGIN_PATH } from "~/features/accounts/paths";
import routes from "~/routes";

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}

function pathsUnder(prefix: string, entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path && path.startsWith(prefix) ? [path] : [];
    return [...own, ...pathsUnder(prefix, entry.children ?? [], path)];
  });
}

const ROLES: Who[] = ["visitor", "student", "otherStudent", "mentor", "otherMentor", "owner"];

describe("PORTAL_ROUTES", () => {
  it("lists every /portal and /calendar route of the app, and only those", () => {
    expect(PORTAL_ROUTES.map((route) => route.path).sort()).toEqual(
      [
        ...pathsUnder("/portal", routes as RouteEntry[]),
        ...pathsUnder("/calendar", routes as RouteEntry[]),
      ].sort(),
    );
  });
});

describe.each(testEngines())("who may open which page, every role, on $name", (engine) => {
  let t: TestServices;
  let fixtures: PortalFixtures;
  const cookies: Record<Who, string | undefined> = {} as Record<Who, string | undefined>;

  /** Every business table's rows but the sessions (reading an expired one deletes it). */
  async function snapshot(): Promise<string> {
    const tables = (await suiteTables(t))
      // Sessions (reading an expired one deletes it) and rate-limit counters are not what a
      // refused request must leave alone.
      .filter((name) => !name.startsWith("kysely_") && !/sessions$/.test(name))
      .filter((name) => name !== "rate_limits")
      .sort();
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      rows[table] = await (t.services.db as any).selectFrom(table).selectAll().execute();
    }
    return JSON.stringify(rows);
  }

  beforeAll(async () => {
    t = await startTestServices(engine);
    fixtures = await seedPortalFixtures(t.services);
    Object.assign(cookies, fixtures.cookies, { visitor: undefined, owner: await ownerCookie(t) });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function call(
    path: string,
    run: unknown,
    params: Record<string, string>,
    cookie: string | undefined,
    fields?: Record<string, string>,
  ) {
    const url = path.replace(/:(\w+)\??/g, (_, name: string) => params[name] ?? "");
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const request = fields
      ? formRequest(url, fields, headers)
      : new Request(`http://localhost:3000${url}`, { headers });
    // A refusal is thrown: a redirect (a Response) or React Router's data() with its status.
    const answer = await settle(
      callAction(run as never, request, makeContext(t.services), params),
    ).catch((error: unknown) => {
      if ((error as { type?: string })?.type === "DataWithResponseInit") return error;
      throw error;
    });
    return unwrap(answer);
  }

  const STATUS_OF = { forbidden: 403, not_found: 404, gone: 410, own: 200 } as const;
  const secrets = Object.values(STUDENT_SECRET);
  const showsStudent = (body: unknown) => {
    const text = JSON.stringify(body ?? null);
    return secrets.some((secret) => text.includes(secret));
  };

  function expectOutcome(
    result: { status: number; body: unknown; headers: Headers },
    outcome: Outcome,
  ) {
    const location = result.headers.get("location");
    if (typeof outcome === "object") {
      expect(result.status).toBeGreaterThanOrEqual(300);
      expect(location).toBe(outcome.redirect);
      return;
    }
    switch (outcome) {
      case "sign_in":
        if (result.status >= 300 && result.status < 400) expect(location).toBe("/portal");
        else expect(result.body).toEqual({ view: "sign_in" });
        break;
      case "forbidden":
      case "not_found":
      case "gone":
      case "own":
        expect(result.status).toBe(STATUS_OF[outcome]);
        break;
      case "sees":
        expect(result.status).toBe(200);
        expect(showsStudent(result.body)).toBe(true);
        return;
    }
    expect(showsStudent(result.body)).toBe(false);
  }

  for (const route of PORTAL_ROUTES) {
    describe(route.path, () => {
      it.each(ROLES)("a GET as %s gets what the table says", async (who) => {
        const module = await route.load();
        const params = route.params?.(fixtures) ?? {};
        const result = await call(route.path, module.loader, params, cookies[who]);
        expectOutcome(result, route.get[who]);
      });

      it.each(ROLES)("a post as %s changes something only when allowed", async (who) => {
        const module = await route.load();
        const params = route.params?.(fixtures) ?? {};
        for (const submission of route.submissions) {
          const before = await snapshot();
          const result = await call(
            route.path,
            module.action,
            params,
            cookies[who],
            submission.fields,
          );
          if (submission.allowed.includes(who)) {
            expect(result.status).toBeLessThan(400);
            expect(await snapshot()).not.toBe(before);
          } else {
            expect(await snapshot()).toBe(before);
            expect(showsStudent(result.body)).toBe(false);
          }
        }
      });
    });
  }

  // The owner's console: a portal session (student or mentor) opens none of it.
  const portalRoles: Who[] = ["student", "otherStudent", "mentor", "otherMentor"];
  for (const route of ADMIN_ROUTES) {
    it.each(portalRoles)(`${route.path} refuses %s and changes nothing`, async (who) => {
      const module = await route.load();
      const before = await snapshot();
      if (module.loader) {
        const result = await call(route.path, module.loader, route.params ?? {}, cookies[who]);
        const location = result.headers.get("location") ?? "";
        const refused =
          (result.status >= 300 && result.status < 400 && location.startsWith(ADMIN_LOGIN_PATH)) ||
          (result.status === 200 &&
            JSON.stringify(result.body) === JSON.stringify({ view: "login" }));
        expect(refused, `${route.path} as ${who}`).toBe(true);
        expect(showsStudent(result.body)).toBe(false);
      }
      for (const fields of route.submissions) {
        await call(route.path, module.action, route.params ?? {}, cookies[who], fields);
      }
      expect(await snapshot()).toBe(before);
    });
  }
});
