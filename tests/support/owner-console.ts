import { afterEach, beforeEach } from "vitest";
import { ownerCookie } from "./admin";
import { callAction, formRequest, makeContext, unwrap } from "./context";
import { startTestServices, TestClock, type TestEngine, type TestServices } from "./databases";

type RouteFunction = Parameters<typeof callAction>[0];

/**
 * The owner signed in on fresh services for each test (the clock at 2026-11-22 12:00 UTC), and
 * their requests through the real route modules: `post` a form, `get` a page's loader.
 */
export function useOwnerConsole(
  engine: TestEngine,
  options: { env?: Record<string, string>; seed?: (t: TestServices) => Promise<void> } = {},
) {
  const clock = new TestClock();
  let current: TestServices | undefined;
  let cookie = "";
  beforeEach(async () => {
    clock.set(new Date("2026-11-22T12:00:00Z"));
    current = await startTestServices(engine, { clock, env: options.env });
    cookie = await ownerCookie(current);
    await options.seed?.(current);
  });
  afterEach(async () => {
    await current?.cleanup();
  });
  const live = () => {
    if (!current) throw new Error("the owner console is used before its services started");
    return current;
  };
  return {
    clock,
    get t() {
      return live();
    },
    get cookie() {
      return cookie;
    },
    async post(
      run: RouteFunction,
      path: string,
      fields: Record<string, string>,
      params: Record<string, string> = {},
    ) {
      const request = formRequest(path, fields, { cookie });
      return unwrap(await callAction(run, request, makeContext(live().services), params));
    },
    async get(run: RouteFunction, path: string, params: Record<string, string> = {}) {
      const request = new Request(`http://localhost:3000${path}`, { headers: { cookie } });
      return unwrap(await callAction(run, request, makeContext(live().services), params));
    },
  };
}
