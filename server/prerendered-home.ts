import type { RequestHandler } from "express";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { hasFlashToast } from "../app/lib/cookies.server";
import { PRERENDER_NONCE } from "../app/lib/nonce";

const FILES = {
  html: "index.html",
  gzip: "index.html.gz",
  brotli: "index.html.br",
  hashes: "index.html.csp",
} as const;

/** The sha256 source of each inline script of a page, as CSP wants it. */
export function inlineScriptHashes(html: string): string[] {
  const scripts = html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g);
  return [...scripts].map(
    ([, body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`,
  );
}

/**
 * Build step (react-router.config.ts, after prerendering): the home page's scripts are allowed
 * by their hashes instead of a per-response nonce, so its bytes never change between responses
 * and are compressed once, here: index.html, index.html.gz, index.html.br and the hashes.
 */
export function precompressHome(clientDir: string): void {
  const file = path.join(clientDir, FILES.html);
  if (!existsSync(file)) return;
  const html = readFileSync(file, "utf8").replace(
    new RegExp(`(<[a-z]+\\b[^>]*?) nonce="${PRERENDER_NONCE}"`, "g"),
    "$1",
  );
  if (html.includes(PRERENDER_NONCE))
    throw new Error("The prerendered home page uses its nonce outside a nonce attribute");
  const bytes = Buffer.from(html);
  writeFileSync(file, bytes);
  writeFileSync(path.join(clientDir, FILES.gzip), gzipSync(bytes, { level: 9 }));
  writeFileSync(
    path.join(clientDir, FILES.brotli),
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  writeFileSync(path.join(clientDir, FILES.hashes), inlineScriptHashes(html).join("\n"));
}

/**
 * GET / as the file the build made, through the same middleware chain as every page before it
 * (request log, security headers, visitor cookie, page count). The precompressed copies are read
 * once at start, each with its ETag, and sent with Express's own `res.send`, which answers 304
 * to a current copy; `req.acceptsEncodings` picks the copy. A policy allows the page's inline scripts
 * by the hashes written at build. A visit carrying a flash toast goes on to the server render,
 * which shows it. Null when the build has no prerendered home.
 *
 * Not serve-static (express-static-gzip): it reads the file for every request (stat, open, read,
 * close in libuv's thread pool), which held GET / to 0.095× nginx; from memory, see
 * docs/benchmarks.md.
 */
export function prerenderedHome(clientDir: string, policy: (hashes: string[]) => RequestHandler) {
  if (!existsSync(path.join(clientDir, FILES.html))) return null;
  // A build made before this step existed (or by hand): do it now, once.
  if (!existsSync(path.join(clientDir, FILES.hashes))) precompressHome(clientDir);
  const read = (name: string) => readFileSync(path.join(clientDir, name));
  const bodies = { br: read(FILES.brotli), gzip: read(FILES.gzip), identity: read(FILES.html) };
  // One tag per copy, computed once (Express would hash the body on every send otherwise).
  const etag = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url")}"`;
  const etags = { br: etag(bodies.br), gzip: etag(bodies.gzip), identity: etag(bodies.identity) };
  const homePolicy = policy(read(FILES.hashes).toString("utf8").split("\n").filter(Boolean));
  const send: RequestHandler = (req, res) => {
    const accepted = req.acceptsEncodings("br", "gzip", "identity");
    const encoding = accepted === "br" || accepted === "gzip" ? accepted : "identity";
    res.set({
      "Cache-Control": "no-cache",
      "Content-Type": "text/html; charset=utf-8",
      Vary: "Accept-Encoding",
      ETag: etags[encoding],
    });
    if (encoding !== "identity") res.set("Content-Encoding", encoding);
    res.send(bodies[encoding]);
  };
  const home: RequestHandler = (req, res, next) => {
    if (hasFlashToast(req.get("cookie"))) return next();
    // In place of the nonce policy securityHeaders set: a static policy never fails.
    homePolicy(req, res, () => send(req, res, next));
  };
  return home;
}
