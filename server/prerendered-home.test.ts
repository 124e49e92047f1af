import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { cookieName } from "../app/lib/cookies.server";
import { PRERENDER_NONCE } from "../app/lib/nonce";
import express from "express";
import type { AddressInfo } from "node:net";
import { inlineScriptHashes, precompressHome, prerenderedHome } from "./prerendered-home";
import { hashedPolicy } from "./security";

const policy = (hashes: string[]) => hashedPolicy([], hashes);

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text and skips scripts with a src", () => {
    const html = `<p>x</p><script>a()</script><script src="/x.js"></script><script type="module">b()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });
});

describe("precompressHome", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("drops the build's nonce, compresses the page and keeps its scripts' hashes", () => {
    dir = mkdtempSync(path.join(tmpdir(), "home-"));
    const page = (nonce: string) =>
      `<!DOCTYPE html><html><head><link${nonce} rel="preload"></head><body><h1>Hi</h1><script${nonce}>go(1)</script></body></html>`;
    writeFileSync(path.join(dir, "index.html"), page(` nonce="${PRERENDER_NONCE}"`));
    precompressHome(dir);
    const read = (name: string) => readFileSync(path.join(dir, name));
    expect(read("index.html").toString()).toBe(page(""));
    expect(gunzipSync(read("index.html.gz")).toString()).toBe(page(""));
    expect(brotliDecompressSync(read("index.html.br")).toString()).toBe(page(""));
    expect(read("index.html.csp").toString()).toBe(sha("go(1)"));
  });

  it("refuses a page that uses the build's nonce anywhere but a nonce attribute", () => {
    dir = mkdtempSync(path.join(tmpdir(), "home-"));
    writeFileSync(path.join(dir, "index.html"), `<p data-x="${PRERENDER_NONCE}"></p>`);
    expect(() => precompressHome(dir)).toThrow(/nonce/);
  });

  it("prepares a build that skipped the step, and serves nothing when there is no page", () => {
    dir = mkdtempSync(path.join(tmpdir(), "home-"));
    expect(prerenderedHome(dir, policy)).toBeNull();
    writeFileSync(path.join(dir, "index.html"), "<script>x</script>");
    expect(prerenderedHome(dir, policy)).not.toBeNull();
    expect(readFileSync(path.join(dir, "index.html.csp"), "utf8")).toBe(sha("x"));
  });
});

describe("prerenderedHome", () => {
  let dir = "";
  let close = () => {};
  afterEach(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve() {
    dir = mkdtempSync(path.join(tmpdir(), "home-"));
    writeFileSync(path.join(dir, "index.html"), "<h1>Home</h1><script>go()</script>");
    precompressHome(dir);
    const app = express();
    app.get("/", prerenderedHome(dir, policy)!);
    app.get("/", (_req, res) => res.send("rendered"));
    const server = app.listen(0);
    close = () => server.close();
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("sends the precompressed page with its ETag, a 304 for a current copy, and the CSP hash", async () => {
    const url = await serve();
    const first = await fetch(url, { headers: { "Accept-Encoding": "br" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-encoding")).toBe("br");
    const csp = first.headers.get("content-security-policy");
    expect(csp).toContain(`script-src ${sha("go()")} 'strict-dynamic';`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'nonce-");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(await first.text()).toBe("<h1>Home</h1><script>go()</script>");
    const etag = first.headers.get("etag")!;
    // fetch() adds "Cache-Control: no-cache" to a conditional request unless it has its own.
    const again = await fetch(url, {
      headers: { "Accept-Encoding": "br", "If-None-Match": etag, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    const gzip = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });

  it("leaves a visit carrying a flash toast to the server render", async () => {
    const url = await serve();
    const response = await fetch(url, { headers: { Cookie: `${cookieName("toast")}=abc` } });
    expect(await response.text()).toBe("rendered");
  });
});
