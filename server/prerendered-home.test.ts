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
import {
  inlineScriptHashes,
  precompressHome,
  prerenderedHome,
  liveFragments,
  type LiveFragments,
} from "./prerendered-home";
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

  async function serve(fragment?: LiveFragments, page = "<h1>Home</h1><script>go()</script>") {
    dir = mkdtempSync(path.join(tmpdir(), "home-"));
    writeFileSync(path.join(dir, "index.html"), page);
    precompressHome(dir);
    const app = express();
    app.get("/", prerenderedHome(dir, policy, fragment && [fragment])!);
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

  describe("with a live fragment", () => {
    const fallback = `<p data-line="">General line</p>`;
    const page = `<h1>Home</h1>${fallback}<p>More</p><script>go()</script>`;
    let line = fallback;
    let reads = 0;
    const fragment: LiveFragments = {
      fallbacks: [fallback],
      current: async () => {
        reads++;
        return [line];
      },
    };
    const get = async (url: string, encoding: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers: { "Accept-Encoding": encoding, ...headers } });
      return { response, text: await response.text() };
    };

    it("puts this moment's markup in the page, in every encoding, with an ETag per page", async () => {
      line = fallback;
      reads = 0;
      const url = await serve(fragment, page);
      const built = await get(url, "br");
      expect(built.text).toBe(page);
      line = `<p data-line="">3 seats left</p>`;
      const expected = page.replace(fallback, line);
      for (const encoding of ["br", "gzip", "identity"]) {
        const { response, text } = await get(url, encoding);
        expect(response.headers.get("content-encoding") ?? "identity").toBe(encoding);
        expect(text).toBe(expected);
        expect(response.headers.get("content-security-policy")).toContain(sha("go()"));
      }
      const first = await get(url, "br");
      expect(first.response.headers.get("etag")).not.toBe(built.response.headers.get("etag"));
      const again = await get(url, "br", {
        "If-None-Match": first.response.headers.get("etag")!,
        "Cache-Control": "max-age=0",
      });
      expect(again.response.status).toBe(304);
      // The line changes again: the old ETag no longer matches.
      line = `<p data-line="">2 seats left</p>`;
      const changed = await get(url, "br", {
        "If-None-Match": first.response.headers.get("etag")!,
        "Cache-Control": "max-age=0",
      });
      expect(changed.response.status).toBe(200);
      expect(changed.text).toBe(page.replace(fallback, line));
      // Back to the fallback: the build's own bytes and tag.
      line = fallback;
      const back = await get(url, "br");
      expect(back.response.headers.get("etag")).toBe(built.response.headers.get("etag"));
      // Every request read the line: none was answered from an earlier read.
      expect(reads).toBe(8);
    });

    it("serves concurrent requests for a new line from one compression", async () => {
      line = `<p data-line="">1 seat left</p>`;
      const url = await serve(fragment, page);
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(url, "gzip")));
      expect(new Set(answers.map((a) => a.response.headers.get("etag"))).size).toBe(1);
      for (const { text } of answers) expect(text).toBe(page.replace(fallback, line));
    });

    it("sends the build's copy when the fragment cannot be read", async () => {
      const url = await serve(
        { fallbacks: [fallback], current: () => Promise.reject(new Error("database down")) },
        page,
      );
      const { response, text } = await get(url, "gzip");
      expect(response.status).toBe(200);
      expect(text).toBe(page);
    });

    it("refuses a build whose page does not hold the fallback exactly once", () => {
      dir = mkdtempSync(path.join(tmpdir(), "home-"));
      for (const html of ["<h1>Home</h1>", `${fallback}${fallback}`]) {
        writeFileSync(path.join(dir, "index.html"), html);
        precompressHome(dir);
        expect(() => prerenderedHome(dir, policy, [fragment])).toThrow(/fallback/);
      }
    });

    it("refuses a fragment with an inline script, which the page's hash policy would block", () => {
      dir = mkdtempSync(path.join(tmpdir(), "home-"));
      const scripted = `<p>Line</p><script>x()</script>`;
      writeFileSync(path.join(dir, "index.html"), `<h1>Home</h1>${scripted}`);
      precompressHome(dir);
      expect(() =>
        prerenderedHome(dir, policy, [{ fallbacks: [scripted], current: async () => [scripted] }]),
      ).toThrow(/inline script/);
    });
  });

  describe("liveFragments", () => {
    const render = (value: number | null) => [value === null ? "built" : `read ${value}`];

    it("renders each value read once, and the build's parts for null", async () => {
      let value = 1;
      let renders = 0;
      const fragments = liveFragments({
        read: async () => value,
        render: (read: number | null) => (renders++, render(read)),
        limitMs: 1000,
      });
      expect(fragments.fallbacks).toEqual(["built"]);
      expect(await fragments.current()).toEqual(["read 1"]);
      expect(await fragments.current()).toEqual(["read 1"]);
      value = 2;
      expect(await fragments.current()).toEqual(["read 2"]);
      // Once for the fallbacks, once per distinct value read.
      expect(renders).toBe(3);
    });

    it("gives the build's parts when the read does not answer within the limit", async () => {
      const fragments = liveFragments<number>({
        read: () => new Promise(() => {}),
        render,
        limitMs: 20,
      });
      expect(await fragments.current()).toBe(fragments.fallbacks);
    });
  });
});
