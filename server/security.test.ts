import express, { type NextFunction, type Request, type Response } from "express";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import {
  bodyLimit,
  originCheck,
  privateResponses,
  retryAfterOnTooManyRequests,
  securityHeaders,
  UNSUBSCRIBE_PATH,
} from "./security";

function fakeResponse(locals: Record<string, unknown> = {}) {
  const headers: Record<string, string> = {};
  const res = {
    locals,
    statusCode: 200,
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    type() {
      return this;
    },
    send: vi.fn(),
  };
  return { res: res as unknown as Response & { statusCode: number }, headers };
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
  const { res } = fakeResponse();
  const next = vi.fn();
  middleware(req, res, next);
  return { status: res.statusCode, passed: next.mock.calls.length === 1 };
}

describe("securityHeaders", () => {
  const middleware = securityHeaders({ publicUrl: "https://example.com", extraFormActions: [] });

  it("sends a fresh nonce in an enforced CSP on every response", () => {
    const first = fakeResponse();
    const second = fakeResponse();
    middleware(fakeRequest({}), first.res, vi.fn());
    middleware(fakeRequest({}), second.res, vi.fn());
    expect(first.headers["content-security-policy"]).toContain(`'nonce-${first.res.locals.nonce}'`);
    expect(first.res.locals.nonce).not.toBe(second.res.locals.nonce);
    expect(first.headers["content-security-policy-report-only"]).toBeUndefined();
  });

  it("sends HSTS only for secure requests", () => {
    const plain = fakeResponse({ secure: false });
    const secure = fakeResponse({ secure: true });
    middleware(fakeRequest({}), plain.res, vi.fn());
    middleware(fakeRequest({}), secure.res, vi.fn());
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(secure.headers["strict-transport-security"]).toContain("max-age=");
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
