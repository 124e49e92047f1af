import http from "node:http";
import { e2ePort } from "./env";
import { expect, test } from "./fixtures";

test.describe("server baseline", () => {
  test("every page carries the security headers and no X-Powered-By", async ({ request }) => {
    for (const path of ["/", "/apply", "/nope"]) {
      const response = await request.get(path);
      const headers = response.headers();
      // Every page, the home page included, allows its scripts by the response's own nonce.
      expect(headers["content-security-policy"]).toMatch(
        /script-src 'nonce-[^']+' 'strict-dynamic'/,
      );
      expect(headers["content-security-policy"]).toContain("base-uri 'none'");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(headers["x-powered-by"]).toBeUndefined();
      // Served over plain http here, so no HSTS.
      expect(headers["strict-transport-security"]).toBeUndefined();
    }
  });

  test("health and readiness", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });
  });

  test("hashed assets are cached for a year and compressed", async ({ request }) => {
    const html = await (await request.get("/link-generator")).text();
    const script = /rel="modulepreload" href="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\//);
    const response = await request.get(script!, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["content-security-policy"]).toBeUndefined();
  });

  test("pages are compressed in the encoding asked for", async ({ request }) => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await request.get("/", { headers: { "accept-encoding": encoding } });
      const headers = response.headers();
      expect(headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(headers["vary"]).toContain("Accept-Encoding");
      expect(await response.text()).toContain("From Scratch to Success");
    }
  });

  test("a cross-origin POST gets 403 and writes nothing", async ({ request }) => {
    const response = await request.post("/apply", {
      headers: { origin: "https://evil.example" },
      form: { firstName: "X" },
    });
    expect(response.status()).toBe(403);
  });

  test("an oversized body gets 413", async ({ request }) => {
    const response = await request.post("/apply", {
      headers: { origin: "http://localhost" },
      form: { challenge: "x".repeat(200 * 1024) },
    });
    expect(response.status()).toBe(413);
  });

  test("the visitor cookie is signed and httpOnly", async ({ request }) => {
    const response = await request.get("/apply");
    const cookie = response.headers()["set-cookie"] ?? "";
    // React Router's signed cookie: the value (base64 JSON of the visitor id), a dot, the HMAC.
    const [, value] = /fsts_vid=([^.;]+)\.[^;]+;/.exec(cookie) ?? [];
    expect(JSON.parse(atob(decodeURIComponent(value ?? "")))).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  test("finding 9: token pages and responses that set a cookie are never stored", async () => {
    // Plain fetch: no cookie jar, so each request says exactly what it carries.
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://localhost:${e2ePort}${path}`, { headers, redirect: "manual" });
    const token = "Z".repeat(32);
    for (const path of [
      `/unsubscribe/${token}`,
      `/unsubscribe/${token}/choose`,
      `/offers/${token}`,
      `/download/${token}`,
    ]) {
      const response = await get(path);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A first visit is handed its visitor cookie: not stored; a returning one may be revalidated.
    for (const path of ["/", "/apply"]) {
      const first = await get(path);
      const setCookie = first.headers.getSetCookie().join("\n");
      expect(setCookie, path).toContain("fsts_vid=");
      expect(first.headers.get("cache-control"), path).toBe("private, no-store");
      const cookie = /fsts_vid=[^;]+/.exec(setCookie)![0];
      const again = await get(path, { cookie });
      expect(again.headers.getSetCookie(), path).toEqual([]);
      expect(again.headers.get("cache-control") ?? "", path).not.toContain("no-store");
    }
  });

  test("tagged landings are remembered for the visit", async ({ request }) => {
    const response = await request.get("/?utm_source=youtube&utm_campaign=application&vid=abc123");
    expect(response.headers()["set-cookie"]).toContain("fsts_utm=");
  });

  for (const path of [
    "/",
    "/apply",
    "/enroll",
    "/resume-template",
    "/resume-review",
    "/resource-library",
    "/link-generator",
  ]) {
    test(`${path} runs without any CSP violation and has a description`, async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      const issues: string[] = [];
      cdp.on("Audits.issueAdded", (event) => issues.push(JSON.stringify(event.issue)));
      await cdp.send("Audits.enable");
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      // What is checked is an absence: no event says "no violation will come", so the page is
      // given half a second after its heading for any report to arrive.
      await page.waitForTimeout(500);
      expect(issues.filter((issue) => issue.includes("ContentSecurityPolicy"))).toEqual([]);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    });
  }
});

test.describe("errors tell nothing", () => {
  /** A raw request, so headers a browser would never send reach the server as written. */
  function raw(options: http.RequestOptions, body = ""): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port: e2ePort, ...options }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  const leaks = /\bat \S+ \(|\/work\/|node_modules|Error:/;

  test("a body in an unknown encoding is refused without a stack trace", async () => {
    const answer = await raw(
      {
        method: "POST",
        path: "/api/webhooks/stripe",
        headers: { "content-encoding": "bogus", "content-type": "application/json" },
      },
      "{}",
    );
    expect(answer.status).toBe(415);
    expect(answer.text).not.toMatch(leaks);
    expect(answer.text).toMatch(/request [0-9a-f-]{36}/);
  });

  test("a malformed Host header is answered with a plain message", async () => {
    const answer = await raw({ method: "GET", path: "/apply", headers: { host: "a b" } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.text).not.toMatch(leaks);
  });
});
