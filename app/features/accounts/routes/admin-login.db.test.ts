import { describe, expect, it, vi } from "vitest";
import { adminSetCookie, browserCookies, insertAccount } from "../../../../tests/support/admin";
import { PASSWORD, PATH, useAdminGate } from "../../../../tests/support/admin-login";
import { testEngines } from "../../../../tests/support/databases";

describe.each(testEngines())("admin cohort settings on $name", (engine) => {
  const { t, clock, admin, n, context, post, load, login, flash, sessions } = useAdminGate(engine);

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
      const ctx = context({ ip: `192.0.2.${n()}` });
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
          context: context({ ip: `198.51.${n()}.${i}` }),
        });
        expect(response.status).toBe(401);
      }
      const owner = await login(admin.email.toUpperCase(), PASSWORD, {
        context: context({ ip: `203.0.113.${n()}` }),
      });
      expect(owner.status).toBe(303);
      expect(adminSetCookie(owner.headers)).toBeDefined();
    });

    it("refuses the 11th failure on one account from one address, even under several names", async () => {
      const ctx = context({ ip: `198.18.${n()}.1` });
      for (let i = 0; i < 10; i++) {
        const response = await login(admin.email, "wrong password", { context: ctx });
        expect(response.status).toBe(401);
      }
      const blocked = await login(admin.email.toUpperCase(), PASSWORD, { context: ctx });
      expect(blocked.status).toBe(429);
      expect(await sessions()).toHaveLength(0);
    });

    it("never refuses an admin who signs in often from one address", async () => {
      const ctx = context({ ip: `198.19.${n()}.1` });
      for (let i = 0; i < 15; i++) {
        expect((await login(admin.email, PASSWORD, { context: ctx })).status).toBe(303);
      }
    });

    it("limits parallel guesses too: 30 at once check at most 10 passwords", async () => {
      const ctx = context({ ip: `203.0.${n()}.7` });
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
});
