import express, { type NextFunction, type Request, type Response } from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  bodyLimit,
  originCheck,
  privateResponses,
  retryAfterOnTooManyRequests,
  securityHeaders,
  UNSUBSCRIBE_PATH,
} from "./security";

function fakeResponse() {
  const res = {
    statusCode: 200,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    type() {
      return this;
    },
    send: vi.fn(),
  };
  return res as unknown as Response & { statusCode: number };
}

interface FakeRequestInit {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}

function fakeRequest(init: FakeRequestInit) {
  const headers = Object.fromEntries(
    Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  return {
    method: init.method ?? "GET",
    path: init.path ?? "/",
    protocol: "http",
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

/** Runs a middleware on one request: the status it answered with and whether it called next(). */
function runMiddleware(
  middleware: (req: Request, res: Response, next: NextFunction) => void,
  req: Request,
) {
  const res = fakeResponse();
  const next = vi.fn();
  middleware(req, res, next);
  return { status: res.statusCode, passed: next.mock.calls.length === 1 };
}

describe("securityHeaders", () => {
  const checkout = "https://checkout.example";
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use((req, res, next) => {
      res.locals.secure = req.query.secure === "1";
      next();
    });
    app.use(securityHeaders([checkout]));
    app.get("/{*splat}", (_req, res) => {
      res.send(res.locals.nonce as string);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => close());

  const get = async (path: string) => {
    const response = await fetch(base + path);
    return { headers: response.headers, body: await response.text() };
  };
  const directives = (headers: Headers) => headers.get("content-security-policy")!.split(/;\s*/);

  it("sends the enforced CSP with the response's own nonce, a fresh one every time", async () => {
    const first = await get("/apply");
    const second = await get("/apply");
    expect(first.body).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.body).not.toBe(first.body);
    expect(directives(first.headers)).toEqual([
      "default-src 'self'",
      `script-src 'nonce-${first.body}' 'strict-dynamic'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "media-src 'self'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      `form-action 'self' webcal: ${checkout}`,
    ]);
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
  });

  it("sends the baseline headers, and none that would break embeds, fonts or http", async () => {
    const { headers } = await get("/apply");
    expect(Object.fromEntries(headers)).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "x-frame-options": "DENY",
      "permissions-policy": "camera=(), microphone=(), geolocation=()",
    });
    for (const name of [
      "cross-origin-embedder-policy",
      "cross-origin-resource-policy",
      "strict-transport-security",
    ])
      expect(headers.get(name), name).toBeNull();
    expect(headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("sends HSTS only for secure requests", async () => {
    expect((await get("/apply")).headers.get("strict-transport-security")).toBeNull();
    expect((await get("/apply?secure=1")).headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});

describe("originCheck", () => {
  const middleware = originCheck("https://example.com", ["/api/webhooks/stripe", UNSUBSCRIBE_PATH]);
  const run = (init: FakeRequestInit) => runMiddleware(middleware, fakeRequest(init));

  it("refuses a cross-origin post, by Origin or Referer", () => {
    const crossOrigin: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { referer: "https://evil.example/x" },
    ];
    for (const from of crossOrigin) {
      const headers = { ...from, host: "example.com" };
      expect(run({ method: "POST", headers })).toEqual({ status: 403, passed: false });
    }
  });

  it("lets same-origin posts, reads and signed webhooks through", () => {
    const evil = { origin: "https://evil.example" };
    expect(run({ method: "POST", headers: { origin: "https://example.com" } }).passed).toBe(true);
    expect(run({ method: "GET", headers: evil }).passed).toBe(true);
    expect(run({ method: "POST", path: "/api/webhooks/stripe", headers: evil }).passed).toBe(true);
  });

  it("exempts the one-click unsubscribe address only, not the page that asks", () => {
    const evil = { origin: "https://evil.example", host: "example.com" };
    const token = "A".repeat(32);
    expect(run({ method: "POST", path: `/unsubscribe/${token}`, headers: evil }).passed).toBe(true);
    for (const path of [`/unsubscribe/${token}/choose`, `/unsubscribe/${token}/x`, "/unsubscribe/"])
      expect(run({ method: "POST", path, headers: evil })).toEqual({ status: 403, passed: false });
  });
});

describe("originCheck's one-click unsubscribe exemption", () => {
  const middleware = originCheck("https://example.com", [UNSUBSCRIBE_PATH]);
  const passes = (path: string) =>
    runMiddleware(
      middleware,
      fakeRequest({ method: "POST", path, headers: { origin: "https://mail.provider.example" } }),
    ).passed;

  it("exempts the unsubscribe URL, whatever Origin a mail provider sends", () => {
    expect(passes("/unsubscribe/abcDEF123_-")).toBe(true);
  });

  it("exempts nothing under it or beside it", () => {
    expect(passes("/unsubscribe/abc.data")).toBe(false);
    expect(passes("/unsubscribe/abc/more")).toBe(false);
    expect(passes("/unsubscribe")).toBe(false);
    expect(passes("/apply")).toBe(false);
  });
});

describe("bodyLimit", () => {
  const middleware = bodyLimit(100, { "/resume-review": 1000 });
  const status = (path: string, length: string | undefined, extra: Record<string, string> = {}) => {
    const headers = { ...(length ? { "content-length": length } : {}), ...extra };
    const { status, passed } = runMiddleware(
      middleware,
      fakeRequest({ method: "POST", path, headers }),
    );
    return passed ? "next" : status;
  };

  it("refuses bodies over the limit, with the larger limit for uploads and their .data posts", () => {
    expect(status("/apply", "100")).toBe("next");
    expect(status("/apply", "101")).toBe(413);
    expect(status("/resume-review", "900")).toBe("next");
    expect(status("/resume-review.data", "900")).toBe("next");
    expect(status("/resume-review.data", "1001")).toBe(413);
  });

  it("refuses a streamed body with no declared length", () => {
    expect(status("/apply", undefined, { "transfer-encoding": "chunked" })).toBe(411);
  });
});

describe("retryAfterOnTooManyRequests", () => {
  it("adds Retry-After to every 429 that has none, and to nothing else", async () => {
    const app = express();
    app.use(retryAfterOnTooManyRequests(60));
    app.get("/limited", (_req, res) => {
      res.status(429).send("slow down");
    });
    app.get("/own", (_req, res) => {
      res.writeHead(429, { "Retry-After": "5" }).end();
    });
    app.get("/ok", (_req, res) => {
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const header = async (path: string) => (await fetch(base + path)).headers.get("retry-after");
      expect(await header("/limited")).toBe("60");
      expect(await header("/own")).toBe("5");
      expect(await header("/ok")).toBeNull();
    } finally {
      server.close();
    }
  });
});

describe("finding 9: privateResponses", () => {
  it("keeps token pages and responses that set a cookie out of every cache, and nothing else", async () => {
    const app = express();
    app.use(privateResponses());
    // Stand-ins for the route modules, each answering as React Router's adapter does.
    app.get("/{*splat}", (req, res) => {
      if (req.query.cookie) res.append("Set-Cookie", "fsts_vid=v; Path=/; HttpOnly");
      if (req.query.cache) res.setHeader("Cache-Control", String(req.query.cache));
      res.type("html").send("<p>page</p>");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const token = "A".repeat(32);
    try {
      const cacheControl = async (path: string) =>
        (await fetch(base + path, { redirect: "manual" })).headers.get("cache-control");
      for (const path of [
        `/unsubscribe/${token}`,
        `/unsubscribe/${token}/choose`,
        `/offers/${token}`,
        `/download/${token}/pdf`,
        `/enroll?offer=${token}`,
        `/offers/${token}?cache=public,max-age=600`,
        "/apply?cookie=1",
        "/?cookie=1&cache=no-cache",
      ])
        expect(await cacheControl(path), path).toBe("private, no-store");
      expect(await cacheControl("/apply")).toBeNull();
      expect(await cacheControl("/_root.data?cache=no-cache")).toBe("no-cache");
    } finally {
      server.close();
    }
  });
});
