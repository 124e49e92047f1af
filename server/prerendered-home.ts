import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PRERENDER_NONCE } from "../app/lib/nonce";

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
