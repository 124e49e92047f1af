import accepts from "accepts";
import fresh from "fresh";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { cookieName } from "../app/lib/cookies.server";
import { PRERENDER_NONCE } from "../app/lib/nonce";
import type { CountView } from "./analytics";
import { answerError, pathOf, startRequestLog } from "./request-log";
import { setSecurityHeaders } from "./security";
import { resolveVisitor } from "./visitor";

const FILES = {
  html: "index.html",
  gzip: "index.html.gz",
  brotli: "index.html.br",
  hashes: "index.html.csp",
} as const;

export interface PrerenderedHome {
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** CSP sources allowing exactly the page's inline scripts: `'sha256-…'` each. */
  scriptHashes: string[];
}

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

/** The build's prerendered home page, or null when this build has none. */
export function loadPrerenderedHome(clientDir: string): PrerenderedHome | null {
  if (!existsSync(path.join(clientDir, FILES.html))) return null;
  // A build made before this step existed (or by hand): do it now, once.
  if (!existsSync(path.join(clientDir, FILES.hashes))) precompressHome(clientDir);
  const read = (name: string) => readFileSync(path.join(clientDir, name));
  return {
    identity: read(FILES.html),
    gzip: read(FILES.gzip),
    brotli: read(FILES.brotli),
    scriptHashes: read(FILES.hashes).toString("utf8").split("\n").filter(Boolean),
  };
}

/** What serving the prerendered home needs from the server around it. */
export interface HomeServing {
  home: PrerenderedHome;
  /** The page's enforced policy, allowing its inline scripts by hash. */
  policy: string;
  secrets: readonly string[];
  /** Whether a request reached the site over https (directly, or through a trusted proxy). */
  isSecure(req: IncomingMessage): boolean;
  draining(): boolean;
  countView: CountView | null;
}

/**
 * GET / answered like a file, before Express: the bytes were rendered and compressed at build
 * time, so a response is the security headers, the visitor, the count, and a send in the
 * encoding the browser takes (a 304 when its copy is current). Returns false for any request
 * it does not answer: another path or method, or a visit carrying a flash toast, which the
 * server render shows.
 */
export function prerenderedHomeHandler(serving: HomeServing) {
  const { home, policy, secrets, countView } = serving;
  const bodies = { br: home.brotli, gzip: home.gzip, identity: home.identity };
  const etags = {
    br: etagOf(bodies.br),
    gzip: etagOf(bodies.gzip),
    identity: etagOf(bodies.identity),
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (pathOf(req.url) !== "/" || hasFlashToast(req.headers.cookie)) return false;
    const requestId = startRequestLog(req, res);
    const secure = serving.isSecure(req);
    if (serving.draining()) res.setHeader("Connection", "close");
    setSecurityHeaders(res, policy, secure);
    const request = { method: req.method, url: req.url ?? "/", cookie: req.headers.cookie, secure };
    resolveVisitor(secrets, request).then(
      ({ visitor, setCookies }) => {
        if (setCookies.length > 0) res.setHeader("Set-Cookie", setCookies);
        const accepted = accepts(req).encodings(["br", "gzip", "identity"]);
        const encoding = accepted === "br" || accepted === "gzip" ? accepted : "identity";
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("ETag", etags[encoding]);
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
        if (countView && req.method === "GET")
          res.on("finish", () => countView(req, request.url, res.statusCode, visitor));
        if (fresh(req.headers, { etag: etags[encoding] })) {
          res.statusCode = 304;
          res.end();
          return;
        }
        res.setHeader("Content-Length", bodies[encoding].length);
        res.end(req.method === "HEAD" ? undefined : bodies[encoding]);
      },
      (error: unknown) => answerError(res, requestId, error),
    );
    return true;
  };
}

function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** A flash toast waits for the next page: that page must be rendered on the server. */
export function hasFlashToast(cookieHeader: string | undefined): boolean {
  return cookieHeader?.includes(`${cookieName("toast")}=`) ?? false;
}
