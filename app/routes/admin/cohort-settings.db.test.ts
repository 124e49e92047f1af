import { getCohort } from "~/cohort/cohort.server";
import { currentCohortRow, resetCohorts, setCurrentCohort } from "../../../tests/support/cohort";
import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SeatHoldStatus } from "~/db/schema";
import { adminCookie, insertAccount, settle } from "../../../tests/support/admin";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../../tests/support/context";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../../tests/support/databases";
import { SESSION_TTL_MS } from "~/admin/sessions.server";
import { SESSION_IDLE_MS } from "~/domain/admin-session";
import { readCookie, writeCookie } from "~/lib/cookies.server";
import routes from "~/routes";
import { action, loader } from "./cohort-settings";
import { headers as adminHeaders, loader as layoutLoader } from "./layout";

const PATH = "/admin/cohort-settings";
const PASSWORD = "a long admin password";

/** The one Set-Cookie header of a response that sets the admin session cookie, or undefined. */
function adminSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((header) => /^(__Host-)?fsts_admin=/.test(header));
}

/** The cookies a browser sends after taking every Set-Cookie of a response (none cleared here). */
function browserCookies(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .join("; ");
}

describe.each(testEngines())("admin cohort settings on $name", (engine) => {
  let t: TestServices;
  const clock = new TestClock();
  let n = 0;
  let admin: { id: string; email: string };

  beforeAll(async () => {
    t = await startTestServices(engine, { clock });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  beforeEach(async () => {
    clock.advance(120_000);
    for (const table of ["audit_log", "sessions", "admin_users"] as const) {
      await t.services.db.deleteFrom(table).execute();
    }
    await resetCohorts(t.services.db);
    n += 1;
    admin = { email: `boss${n}@example.com`, id: "" };
    admin.id = await insertAccount(t.services.db, { email: admin.email, password: PASSWORD });
  });

  const ip = () => `10.1.${n}.1`;
  const context = (overrides: Partial<AppLoadContext> = {}) => ({
    ...makeContext(t.services, { ip: ip() }),
    ...overrides,
  });
  const post = async (
    fields: Record<string, string | string[]>,
    options: { cookie?: string; context?: AppLoadContext; query?: string } = {},
  ) =>
    unwrap(
      await settle(
        callAction(
          action,
          formRequest(
            `${PATH}${options.query ?? ""}`,
            fields,
            options.cookie ? { cookie: options.cookie } : {},
          ),
          options.context ?? context(),
        ),
      ),
    );
  const load = async (cookie?: string, ctx: AppLoadContext = context()) =>
    unwrap(
      await settle(
        callAction(
          loader,
          new Request(`http://localhost:3000${PATH}`, { headers: cookie ? { cookie } : {} }),
          ctx,
        ),
      ),
    );
  const login = (email = admin.email, password = PASSWORD, options = {}) =>
    post({ intent: "login", email, password }, options);
  const loginCookie = async () => adminCookie((await login()).headers.get("set-cookie"));
  const flash = (response: { headers: Headers }) => flashToastOf(response, t.services);
  const cohortRow = () => currentCohortRow(t.services.db);
  const sessions = () => t.services.db.selectFrom("sessions").selectAll().execute();
  const audit = () => t.services.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  describe("gate", () => {
    it("shows only the login view without a session, and is never cached", async () => {
      const response = await load();
      expect(response.body).toEqual({ view: "login" });
      // The admin layout, which every /admin page (the gate included) sits under, sets the headers.
      type Entry = { file: string; children?: Entry[] };
      const layout = (routes as Entry[]).find((entry) => entry.file === "routes/admin/layout.tsx");
      expect(layout?.children?.map((child) => child.file)).toContain(
        "routes/admin/cohort-settings.tsx",
      );
      const headers = new Headers(adminHeaders({} as never));
      expect(headers.get("cache-control")).toBe("no-store");
      expect(headers.get("x-robots-tag")).toBe("noindex");
    });

    it("logs an admin in: toast, signed httpOnly cookie, then the settings", async () => {
      const response = await login();
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(PATH);
      expect(await flash(response)).toEqual({
        title: "Logged in successfully as admin",
        variant: "success",
      });
      const setCookie = adminSetCookie(response.headers)!;
      expect(setCookie).toMatch(/^fsts_admin=[^;]+;/);
      expect(setCookie).toContain("HttpOnly");
      expect(setCookie).toContain("SameSite=Lax");
      expect(setCookie).toContain("Path=/");
      expect(setCookie).toContain("Max-Age=28800");
      expect(setCookie).not.toContain("Secure");

      const cookie = adminCookie(setCookie);
      const settings = await load(cookie);
      expect(settings.body).toEqual({
        view: "settings",
        cohort: { startDate: null, capacity: 10, enrolledCount: 0, isActive: true },
        heldSeats: 0,
      });
      // The admin layout shows whose session it is.
      const shell = await callAction(
        layoutLoader,
        new Request(`http://localhost:3000${PATH}`, { headers: { cookie } }),
        context(),
      );
      expect(shell).toEqual({ admin: { id: admin.id, email: admin.email } });
    });

    it("marks the cookie Secure on https", async () => {
      const response = await login(admin.email, PASSWORD, { context: context({ secure: true }) });
      expect(adminSetCookie(response.headers)).toContain("; Secure");
      expect(adminSetCookie(response.headers)).toMatch(/^__Host-fsts_admin=/);
    });

    it("stores only the SHA-256 of the session token", async () => {
      const cookie = await loginCookie();
      const token = await readCookie(t.config.sessionSecrets, "admin", cookie);
      if (typeof token !== "string") throw new Error(`no session token in ${cookie}`);
      const rows = await sessions();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(createHash("sha256").update(token).digest("hex"));
      expect(rows[0]!.admin_user_id).toBe(admin.id);
      expect(rows[0]!.expires_at).toBe(
        new Date(clock.now().getTime() + SESSION_IDLE_MS).toISOString(),
      );
    });

    it("rotates the session at every login and ends the old one", async () => {
      const first = await loginCookie();
      const second = adminCookie(
        (await login(admin.email, PASSWORD, { cookie: first })).headers.get("set-cookie"),
      );
      expect(second).not.toBe(first);
      expect((await load(first)).body).toEqual({ view: "login" });
      expect((await load(second)).body).toMatchObject({ view: "settings" });
      expect(await sessions()).toHaveLength(1);
    });

    it("logout deletes the session, so a replayed cookie is refused", async () => {
      const cookie = await loginCookie();
      const response = await post({ intent: "logout" }, { cookie });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(PATH);
      expect(await flash(response)).toMatchObject({ title: "You have been logged out." });
      expect(adminSetCookie(response.headers)).toMatch(/^fsts_admin=; .*Max-Age=0/);
      expect(await sessions()).toHaveLength(0);
      expect((await load(cookie)).body).toEqual({ view: "login" });
      const replayed = await post({ intent: "save", capacity: "1" }, { cookie });
      expect(replayed.status).toBe(302);
      expect((await cohortRow())?.capacity ?? 10).toBe(10);
    });

    it("expires sessions after 8 hours, on the server, however busy", async () => {
      const cookie = await loginCookie();
      // A request every 50 minutes keeps the session alive up to the cap, not past it.
      for (let elapsed = 0; elapsed + 50 * 60_000 < SESSION_TTL_MS; elapsed += 50 * 60_000) {
        clock.advance(50 * 60_000);
        expect((await load(cookie)).body).toMatchObject({ view: "settings" });
      }
      clock.advance(SESSION_TTL_MS - 9 * 50 * 60_000);
      expect((await load(cookie)).body).toEqual({ view: "login" });
      expect(await sessions()).toHaveLength(0);
    });

    it("ends a session after an hour without a request", async () => {
      const cookie = await loginCookie();
      clock.advance(SESSION_IDLE_MS - 1000);
      expect((await load(cookie)).body).toMatchObject({ view: "settings" });
      clock.advance(SESSION_IDLE_MS - 1000);
      expect((await load(cookie)).body).toMatchObject({ view: "settings" });
      clock.advance(SESSION_IDLE_MS);
      expect((await load(cookie)).body).toEqual({ view: "login" });
    });

    it("refuses a cookie with a forged signature or an unknown token", async () => {
      const cookie = await loginCookie();
      const [value] = cookie.split(".");
      expect((await load(`${value}.forged`)).body).toEqual({ view: "login" });
      expect((await load("fsts_admin=made-up-token")).body).toEqual({ view: "login" });
      const unknown = await writeCookie(t.config.sessionSecrets, "admin", "made-up-token", false);
      expect((await load(unknown.split(";")[0])).body).toEqual({ view: "login" });
      expect((await load(cookie)).body).toMatchObject({ view: "settings" });
    });

    it("removing the admin flag ends existing sessions", async () => {
      const cookie = await loginCookie();
      await t.services.db.updateTable("admin_users").set({ is_admin: 0 }).execute();
      expect((await load(cookie)).body).toEqual({ view: "login" });
    });

    it("answers a login without JavaScript with a redirect whose next request gets the settings", async () => {
      const response = await login();
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(PATH);
      // The browser follows the redirect in a new request, sending the cookies it was just given.
      const next = await load(browserCookies(response.headers), context());
      expect(next.body).toMatchObject({ view: "settings", heldSeats: 0 });
      expect((await load(undefined, context())).body).toEqual({ view: "login" });
    });
  });

  describe("login failures", () => {
    it("needs email and password (server-side)", async () => {
      const response = await post({ intent: "login", email: "", password: "" });
      expect(response.status).toBe(400);
      const result = (response.body as { result: { error: Record<string, string[]> } }).result;
      expect(result.error).toEqual({
        email: ["Please enter your email"],
        password: ["Please enter your password"],
      });
      expect(await sessions()).toHaveLength(0);
    });

    it("answers an unknown email exactly like a wrong password", async () => {
      const wrong = await login(admin.email, "not the password");
      const unknown = await login("nobody@example.com", "not the password");
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      // Everything but the echoed email is the same.
      const shape = (body: unknown) => {
        const { result, ...rest } = body as { result: { initialValue: unknown } };
        return { ...rest, result: { ...result, initialValue: undefined } };
      };
      expect(shape(unknown.body)).toEqual(shape(wrong.body));
      expect(wrong.body).toMatchObject({
        toast: { title: "Invalid email or password", variant: "destructive" },
      });
      expect(JSON.stringify(wrong.body)).not.toContain("not the password");
      expect(wrong.headers.get("set-cookie")).toBeNull();
      expect(await sessions()).toHaveLength(0);
    });

    it("refuses a non-admin account with its message, sends it home and opens no session", async () => {
      await insertAccount(t.services.db, {
        email: "staff@example.com",
        password: PASSWORD,
        isAdmin: false,
      });
      const response = await login("staff@example.com");
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
      expect(await flash(response)).toEqual({
        title: "This account is not authorized as admin",
        variant: "destructive",
      });
      expect(adminSetCookie(response.headers)).toBeUndefined();
      expect(await sessions()).toHaveLength(0);
      expect((await load(browserCookies(response.headers))).body).toEqual({ view: "login" });
    });

    it("refuses the 11th failure from one address within a minute with 429", async () => {
      const ctx = context({ ip: `192.0.2.${n}` });
      for (let i = 0; i < 10; i++) {
        const response = await login(`guess${i}@example.com`, "wrong password", { context: ctx });
        expect(response.status).toBe(401);
      }
      const blocked = await login(admin.email, PASSWORD, { context: ctx });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toBe("60");
      expect(blocked.body).toMatchObject({
        toast: {
          title: "Too many login attempts",
          description: "Please wait a minute and try again.",
        },
      });
      expect(await sessions()).toHaveLength(0);
      clock.advance(60_000);
      // The limits count wall-clock minutes (shared by every instance), not the app's clock.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
      try {
        const after = await login(admin.email, PASSWORD, { context: ctx });
        expect(after.status).toBe(303);
        expect(adminSetCookie(after.headers)).toBeDefined();
      } finally {
        vi.useRealTimers();
      }
    });

    it("a stranger's failures on the owner's account never lock the owner out", async () => {
      for (let i = 0; i < 12; i++) {
        const response = await login(admin.email, "wrong password", {
          context: context({ ip: `198.51.${n}.${i}` }),
        });
        expect(response.status).toBe(401);
      }
      const owner = await login(admin.email.toUpperCase(), PASSWORD, {
        context: context({ ip: `203.0.113.${n}` }),
      });
      expect(owner.status).toBe(303);
      expect(adminSetCookie(owner.headers)).toBeDefined();
    });

    it("refuses the 11th failure on one account from one address, even under several names", async () => {
      const ctx = context({ ip: `198.18.${n}.1` });
      for (let i = 0; i < 10; i++) {
        const response = await login(admin.email, "wrong password", { context: ctx });
        expect(response.status).toBe(401);
      }
      const blocked = await login(admin.email.toUpperCase(), PASSWORD, { context: ctx });
      expect(blocked.status).toBe(429);
      expect(await sessions()).toHaveLength(0);
    });

    it("never refuses an admin who signs in often from one address", async () => {
      const ctx = context({ ip: `198.19.${n}.1` });
      for (let i = 0; i < 15; i++) {
        expect((await login(admin.email, PASSWORD, { context: ctx })).status).toBe(303);
      }
    });

    it("limits parallel guesses too: 30 at once check at most 10 passwords", async () => {
      const ctx = context({ ip: `203.0.${n}.7` });
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => login(admin.email, "wrong password", { context: ctx })),
      );
      expect(responses.filter((r) => r.status === 401)).toHaveLength(10);
      expect(responses.filter((r) => r.status === 429)).toHaveLength(20);
    });

    it("sends the admin on to a safe admin page given as next, never elsewhere", async () => {
      const onward = await login(admin.email, PASSWORD, { query: "?next=%2Fadmin%2Fpeople" });
      expect(onward.status).toBe(303);
      expect(onward.headers.get("location")).toBe("/admin/people");
      for (const next of ["https://evil.example", "//evil.example", "/admin/../apply", "/"]) {
        const response = await login(admin.email, PASSWORD, {
          query: `?next=${encodeURIComponent(next)}`,
        });
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe(PATH);
      }
    });
  });

  describe("settings", () => {
    const save = async (fields: Record<string, string | string[]>, cookie: string) =>
      post({ intent: "save", ...fields }, { cookie });

    it("saves the form, shows the success toast and audits the change", async () => {
      const cookie = await loginCookie();
      const response = await save(
        { startDate: "2027-01-13", capacity: "12", isActive: ["off", "on"] },
        cookie,
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(PATH);
      expect(await flash(response)).toEqual({
        title: "Cohort settings have been updated.",
        variant: "success",
      });
      expect(await cohortRow()).toMatchObject({
        start_date: "2027-01-13",
        capacity: 12,
        enrolled_count: 0,
      });
      const rows = await audit();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor: admin.email, action: "cohort.update" });
      expect(JSON.parse(rows[0]!.details)).toEqual({
        before: { startDate: null, capacity: 10, enrolledCount: 0, isActive: true },
        after: { startDate: "2027-01-13", capacity: 12, enrolledCount: 0, isActive: true },
      });
      expect(await load(cookie)).toMatchObject({
        body: {
          cohort: { startDate: "2027-01-13", capacity: 12, enrolledCount: 0, isActive: true },
        },
      });
    });

    it("merges only the submitted fields and never touches the enrolled count", async () => {
      const cookie = await loginCookie();
      await save({ startDate: "2027-01-13", capacity: "12", isActive: "off" }, cookie);
      // A checkout finishing elsewhere.
      await setCurrentCohort(t.services.db, { enrolled_count: 4 });
      await save({ capacity: "9" }, cookie);
      expect(await cohortRow()).toMatchObject({
        start_date: "2027-01-13",
        capacity: 9,
        enrolled_count: 4,
        is_active: 0,
      });
      await save({ startDate: "", enrolledCount: "0", enrolled_count: "0" }, cookie);
      expect(await cohortRow()).toMatchObject({
        start_date: null,
        capacity: 9,
        enrolled_count: 4,
        is_active: 0,
      });
      const details = (await audit()).map((row) => JSON.parse(row.details));
      expect(details).toHaveLength(3);
      expect(details[1]).toMatchObject({ before: { capacity: 12 }, after: { capacity: 9 } });
      expect(details[2]).toMatchObject({
        before: { startDate: "2027-01-13" },
        after: { startDate: null },
      });
    });

    it("writes no audit row when nothing changed", async () => {
      const cookie = await loginCookie();
      const response = await save({ capacity: "10", isActive: ["off", "on"] }, cookie);
      expect(response.status).toBe(303);
      expect(await flash(response)).toMatchObject({ title: "Cohort settings have been updated." });
      expect(await audit()).toHaveLength(0);
    });

    it.each(["-1", "1.5", "abc", ""])(
      "refuses capacity %j with a field error and changes nothing",
      async (capacity) => {
        const cookie = await loginCookie();
        await load(cookie); // the admin has the page open: the cohort row exists
        const response = await save({ capacity, startDate: "2027-01-13", isActive: "off" }, cookie);
        expect(response.status).toBe(400);
        const body = response.body as {
          result: { error: Record<string, string[]> };
          toast: { title: string };
        };
        expect(body.result.error.capacity).toEqual(["Please enter a whole number, 0 or more"]);
        expect(body.toast.title).toBe("Failed to update cohort settings. Please try again.");
        expect(await cohortRow()).toMatchObject({ start_date: null, capacity: 10, is_active: 1 });
        expect(await audit()).toHaveLength(0);
      },
    );

    it("refuses an impossible start date", async () => {
      const cookie = await loginCookie();
      const response = await save({ startDate: "2027-02-30" }, cookie);
      expect(response.status).toBe(400);
      expect(await audit()).toHaveLength(0);
    });

    it("shows the failure toast when the database refuses the update", async () => {
      const cookie = await loginCookie();
      await load(cookie); // creates the cohort row
      await t.services.db.schema.dropTable("audit_log").execute();
      try {
        const response = await save({ capacity: "3" }, cookie);
        expect(response.status).toBe(500);
        expect(response.body).toMatchObject({
          toast: { title: "Failed to update cohort settings. Please try again." },
        });
        expect((await cohortRow())?.capacity).toBe(10);
      } finally {
        await t.services.db.schema
          .createTable("audit_log")
          .addColumn("id", engine.name === "postgres" ? "serial" : "integer", (c) =>
            engine.name === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("actor", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("details", "text", (c) => c.notNull())
          .addColumn("at", "text", (c) => c.notNull())
          .execute();
      }
    });

    it("counts seats held by open checkouts beside the available spots", async () => {
      const cookie = await loginCookie();
      const now = clock.now().getTime();
      const cohortId = (await getCohort(t.services.db, clock.now())).id;
      const hold = (id: string, status: SeatHoldStatus, expiresInMs: number) => ({
        id,
        cohort_id: cohortId,
        kind: "checkout" as const,
        offer_token_hash: null,
        person_id: null,
        email: null,
        status,
        provider: "test",
        session_id: id,
        expires_at: new Date(now + expiresInMs).toISOString(),
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      });
      await t.services.db
        .insertInto("seat_holds")
        .values([
          hold("h1", "held", 60_000),
          hold("h2", "held", 120_000),
          hold("h3", "held", -1),
          hold("h4", "paid", 60_000),
          hold("h5", "expired", 60_000),
        ])
        .execute();
      expect((await load(cookie)).body).toMatchObject({ heldSeats: 2 });
    });
  });
});
