import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSetCookie, browserCookies } from "../../../../tests/support/admin";
import { PASSWORD, PATH, useAdminGate } from "../../../../tests/support/admin-login";
import { callAction } from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { SESSION_TTL_MS } from "~/features/accounts/sessions.server";
import { SESSION_IDLE_MS } from "~/features/accounts/admin-session";
import { readCookie, writeCookie } from "~/lib/cookies.server";
import routes from "~/routes";
import { headers as adminHeaders, loader as layoutLoader } from "./layout";

describe.each(testEngines())("admin cohort settings on $name", (engine) => {
  const { t, clock, admin, context, post, load, login, loginCookie, flash, cohortRow, sessions } =
    useAdminGate(engine);

  describe("gate", () => {
    it("shows only the login view without a session, and is never cached", async () => {
      const response = await load();
      expect(response.body).toEqual({ view: "login" });
      // The admin layout, which every /admin page (the gate included) sits under, sets the headers.
      type Entry = { file: string; children?: Entry[] };
      const layout = (routes as Entry[]).find(
        (entry) => entry.file === "features/accounts/routes/layout.tsx",
      );
      expect(layout?.children?.map((child) => child.file)).toContain(
        "features/cohort/routes/cohort-settings.tsx",
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
        cohort: {
          startDate: null,
          capacity: 10,
          enrolledCount: 0,
          isActive: true,
          earliestGraduationYear: null,
        },
        heldSeats: 0,
        currentYear: clock.now().getUTCFullYear(),
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
});
