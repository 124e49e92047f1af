import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { PRERENDER_NONCE } from "../app/lib/nonce";
import { inlineScriptHashes, loadPrerenderedHome, precompressHome } from "./prerendered-home";

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
    const home = loadPrerenderedHome(dir)!;
    expect(home.identity.toString()).toBe(page(""));
    expect(gunzipSync(home.gzip).toString()).toBe(page(""));
    expect(brotliDecompressSync(home.brotli).toString()).toBe(page(""));
    expect(home.scriptHashes).toEqual([sha("go(1)")]);
    expect(readFileSync(path.join(dir, "index.html"), "utf8")).not.toContain(PRERENDER_NONCE);
  });

  it("refuses a page that uses the build's nonce anywhere but a nonce attribute", () => {
    dir = mkdtempSync(path.join(tmpdir(), "home-"));
    writeFileSync(path.join(dir, "index.html"), `<p data-x="${PRERENDER_NONCE}"></p>`);
    expect(() => precompressHome(dir)).toThrow(/nonce/);
  });

  it("prepares a build that skipped the step, and reads nothing when there is no page", () => {
    dir = mkdtempSync(path.join(tmpdir(), "home-"));
    expect(loadPrerenderedHome(dir)).toBeNull();
    writeFileSync(path.join(dir, "index.html"), "<script>x</script>");
    expect(loadPrerenderedHome(dir)?.scriptHashes).toEqual([sha("x")]);
  });
});
