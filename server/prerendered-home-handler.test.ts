import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readCookie } from "../app/lib/cookies.server";
import type { Visitor } from "./visitor";
import type { PrerenderedHome } from "./prerendered-home";
import { prerenderedHomeHandler } from "./prerendered-home-handler";

const SECRETS = ["s".repeat(40)];
const PAGE = Buffer.from("<!DOCTYPE html><title>Home</title><p>From Scratch to Success</p>");
const home: PrerenderedHome = {
  identity: PAGE,
  gzip: gzipSync(PAGE),
  brotli: Buffer.from("brotli bytes"),
  scriptHashes: ["'sha256-abc'"],
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let base = "";
const lifecycle = { draining: false };
let secure = false;
let broken = false;
/** Starts the drain while a request is being answered (isSecure runs mid-request). */
let drainMidRequest = false;
let passedOn: string[] = [];
let counted: { url: string; status: number; visitor: Visitor | undefined }[] = [];

function ask(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  const serveHome = prerenderedHomeHandler({
    home,
    policy: "script-src 'sha256-abc'",
    secrets: SECRETS,
    isSecure: () => {
      if (broken) throw new Error("no socket");
      if (drainMidRequest) lifecycle.draining = true;
      return secure;
    },
    lifecycle,
    countView: (_req, url, status, visitor) => counted.push({ url, status, visitor }),
  });
  server = createServer((req, res) => {
    if (serveHome(req, res)) return;
    passedOn.push(`${req.method} ${req.url}`);
    res.end("the app");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  lifecycle.draining = false;
  secure = false;
  broken = false;
  drainMidRequest = false;
  passedOn = [];
  counted = [];
});

describe("prerenderedHomeHandler", () => {
  it("sends the precompressed bytes the browser takes, with the page's policy and a visitor", async () => {
    const gzip = await ask("GET", "/", { "accept-encoding": "gzip" });
    expect(gzip.status).toBe(200);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(PAGE)).toBe(true);
    expect(gzip.headers["content-security-policy"]).toBe("script-src 'sha256-abc'");
    expect(gzip.headers["x-content-type-options"]).toBe("nosniff");
    expect(gzip.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(gzip.headers["cache-control"]).toBe("private, no-store");
    expect(gzip.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(gzip.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(gzip.headers["strict-transport-security"]).toBeUndefined();
    expect(gzip.headers.vary).toBe("Accept-Encoding");
    const visitorCookie = gzip.headers["set-cookie"]!.find((c) => c.startsWith("fsts_vid="))!;
    const visitorId = await readCookie(SECRETS, "visitor", visitorCookie.split(";")[0]);
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);

    const plain = await ask("GET", "/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(PAGE)).toBe(true);
    expect((await ask("GET", "/", { "accept-encoding": "br" })).body.toString()).toBe(
      "brotli bytes",
    );
    expect(passedOn).toEqual([]);
  });

  it("finding 9: is never stored while it sets the visitor cookie, and revalidated after", async () => {
    const first = await ask("GET", "/");
    expect(first.headers["set-cookie"]!.some((c) => c.startsWith("fsts_vid="))).toBe(true);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const cookie = first.headers["set-cookie"]!.map((c) => c.split(";")[0]).join("; ");
    const returning = await ask("GET", "/", { cookie });
    expect(returning.headers["set-cookie"]).toBeUndefined();
    expect(returning.headers["cache-control"]).toBe("no-cache");
    // A tagged landing sets the attribution cookie: not stored either.
    const tagged = await ask("GET", "/?utm_source=youtube", { cookie });
    expect(tagged.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers 304 to a current copy, and HEAD without a body", async () => {
    const first = await ask("GET", "/", { "accept-encoding": "gzip" });
    const etag = first.headers.etag!;
    const again = await ask("GET", "/", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["content-type"]).toBeUndefined();
    // Another encoding is another entity: the gzip tag does not match the plain page.
    expect((await ask("GET", "/", { "if-none-match": etag })).status).toBe(200);
    const head = await ask("HEAD", "/");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(PAGE.length));
    expect(head.body.length).toBe(0);
    // Each GET is handed to the counter (200, 304, 200); the HEAD is not.
    await expect.poll(() => counted.length).toBe(3);
    expect(counted.map((view) => view.status)).toEqual([200, 304, 200]);
  });

  it("keeps a returning visitor and counts the view with the tags of its landing", async () => {
    const first = await ask("GET", "/");
    const cookie = first.headers["set-cookie"]!.map((c) => c.split(";")[0]).join("; ");
    const landing = await ask("GET", "/?utm_source=youtube&utm_content=yt_abc", { cookie });
    expect(landing.headers["set-cookie"]!.some((c) => c.startsWith("fsts_vid="))).toBe(false);
    expect(landing.headers["set-cookie"]!.some((c) => c.startsWith("fsts_utm="))).toBe(true);
    await expect.poll(() => counted.length).toBe(2);
    expect(counted[1]!.url).toBe("/?utm_source=youtube&utm_content=yt_abc");
    expect(counted[1]!.status).toBe(200);
    expect(counted[1]!.visitor?.visitorId).toBe(counted[0]!.visitor?.visitorId);
    expect(counted[1]!.visitor?.attribution?.first?.utm_source).toBe("youtube");
  });

  it("leaves other paths, other methods and visits carrying a flash toast to the app", async () => {
    await ask("POST", "/");
    await ask("GET", "/apply");
    await ask("GET", "/index.html");
    const toast = await ask("GET", "/", { cookie: "fsts_toast=abc" });
    expect(toast.body.toString()).toBe("the app");
    expect(passedOn).toEqual(["POST /", "GET /apply", "GET /index.html", "GET /"]);
    expect(counted).toEqual([]);
  });

  it("asks the client to close its connection while the instance drains", async () => {
    expect((await ask("GET", "/")).headers.connection).toBe("keep-alive");
    drainMidRequest = true;
    expect((await ask("GET", "/")).headers.connection).toBe("close");
  });

  it("on https sends HSTS and the __Host- visitor cookie, Secure", async () => {
    secure = true;
    const answer = await ask("GET", "/");
    expect(answer.headers["strict-transport-security"]).toContain("max-age=");
    const visitorCookie = answer.headers["set-cookie"]!.find((c) =>
      c.startsWith("__Host-fsts_vid="),
    );
    expect(visitorCookie).toContain("; Secure");
  });

  it("answers a failure with the plain error page and keeps serving", async () => {
    broken = true;
    const failed = await ask("GET", "/");
    expect(failed.status).toBe(500);
    expect(failed.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(failed.body.toString()).toContain(failed.headers["x-request-id"] as string);
    broken = false;
    expect((await ask("GET", "/")).status).toBe(200);
  });
});
