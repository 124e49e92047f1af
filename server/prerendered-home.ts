import type { Request, RequestHandler, Response } from "express";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { hasFlashToast } from "../app/lib/cookies.server";
import { PRERENDER_NONCE } from "../app/lib/nonce";

const FILES = {
  html: "index.html",
  gzip: "index.html.gz",
  brotli: "index.html.br",
  hashes: "index.html.csp",
} as const;

/** The build compresses the page as hard as brotli and gzip go: once per page's bytes. */
const brotliOptions = (bytes: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});
const GZIP_OPTIONS = { level: 9 };

/**
 * Parts of the home page that change at run time, read together (server/home-cohort.ts: the
 * cohort line; server/home-stories.ts: the headline stats and the testimonials). The build's copy
 * holds each of `fallbacks` exactly once; each request asks `current()` for this moment's markup of
 * each part, in the same order, which takes its place.
 */
export interface LiveFragments {
  fallbacks: readonly string[];
  current(): Promise<readonly string[]>;
}

/**
 * Live fragments from one read per request: `render(null)` is what the build rendered without a
 * server (the fallbacks), `render(value)` this moment's parts. A read that does not answer within
 * `limitMs` (an exhausted pool) gets the fallbacks, never holds the page. The markup of the last
 * value read is kept, so a request that reads the same rows renders nothing.
 */
export function liveFragments<T>(options: {
  read: () => Promise<T>;
  render: (value: T | null) => readonly string[];
  limitMs: number;
}): LiveFragments {
  const fallbacks = options.render(null);
  let last: { key: string; markups: readonly string[] } | null = null;
  const rendered = (value: T) => {
    const key = JSON.stringify(value);
    if (last?.key !== key) last = { key, markups: options.render(value) };
    return last.markups;
  };
  return {
    fallbacks,
    async current() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<readonly string[]>((resolve) => {
        timer = setTimeout(() => resolve(fallbacks), options.limitMs);
      });
      try {
        return await Promise.race([options.read().then(rendered), late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The page in each encoding the browser may take, each with its ETag. */
interface Copies {
  bodies: Record<"br" | "gzip" | "identity", Buffer>;
  etags: Record<"br" | "gzip" | "identity", string>;
}

// One tag per copy, computed once (Express would hash the body on every send otherwise).
const etag = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url")}"`;

function copiesOf(bodies: Copies["bodies"]): Copies {
  return {
    bodies,
    etags: { br: etag(bodies.br), gzip: etag(bodies.gzip), identity: etag(bodies.identity) },
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page with a new live fragment, compressed off the event loop (libuv's thread pool) at
 * brotli's quality 5 (a few ms; the maximum, about 55 ms, would make the first visitor after
 * each seat change wait for it) and gzip's default level.
 */
async function compressCopies(identity: Buffer): Promise<Copies> {
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity),
  ]);
  return copiesOf({ br, gzip: gz, identity });
}

/**
 * Distinct fragments kept compressed: one per state the line can be in (seats left, start
 * week), so a change compresses the page once and every request after it is sent from memory.
 */
const MAX_VARIANTS = 32;

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
  writeFileSync(path.join(clientDir, FILES.gzip), gzipSync(bytes, GZIP_OPTIONS));
  writeFileSync(
    path.join(clientDir, FILES.brotli),
    brotliCompressSync(bytes, brotliOptions(bytes)),
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
 * With fragments, each request puts this moment's markup of each in place of its fallback: the
 * page with new fragments is compressed once (off the event loop) and kept, MAX_VARIANTS at most,
 * so a request costs the fragments' reads, not a render of the page (docs/behaviour.md).
 *
 * Not serve-static (express-static-gzip): it reads the file for every request (stat, open, read,
 * close in libuv's thread pool), which held GET / to 0.095× nginx; from memory, see
 * docs/benchmarks.md.
 */
export function prerenderedHome(
  clientDir: string,
  policy: (hashes: string[]) => RequestHandler,
  fragments: readonly LiveFragments[] = [],
) {
  if (!existsSync(path.join(clientDir, FILES.html))) return null;
  // A build made before this step existed (or by hand): do it now, once.
  if (!existsSync(path.join(clientDir, FILES.hashes))) precompressHome(clientDir);
  const read = (name: string) => readFileSync(path.join(clientDir, name));
  const built = copiesOf({
    br: read(FILES.brotli),
    gzip: read(FILES.gzip),
    identity: read(FILES.html),
  });
  const homePolicy = policy(read(FILES.hashes).toString("utf8").split("\n").filter(Boolean));
  const copiesFor = fragments.length ? liveCopies(built, fragments) : async () => built;
  const send = (copies: Copies, req: Request, res: Response) => {
    const accepted = req.acceptsEncodings("br", "gzip", "identity");
    const encoding = accepted === "br" || accepted === "gzip" ? accepted : "identity";
    res.set({
      "Cache-Control": "no-cache",
      "Content-Type": "text/html; charset=utf-8",
      Vary: "Accept-Encoding",
      ETag: copies.etags[encoding],
    });
    if (encoding !== "identity") res.set("Content-Encoding", encoding);
    res.send(copies.bodies[encoding]);
  };
  const home: RequestHandler = async (req, res, next) => {
    if (hasFlashToast(req.get("cookie"))) return next();
    try {
      const copies = await copiesFor();
      // In place of the nonce policy securityHeaders set: a static policy never fails.
      homePolicy(req, res, () => send(copies, req, res));
    } catch (error) {
      next(error);
    }
  };
  return home;
}

/**
 * This moment's copies of a page with live fragments: the build's own when every fragment is its
 * fallback (or cannot be read), else the page with the fragments in place, compressed once and
 * kept (oldest forgotten first beyond MAX_VARIANTS). Concurrent requests share one compression.
 */
function liveCopies(built: Copies, groups: readonly LiveFragments[]): () => Promise<Copies> {
  const page = built.bodies.identity.toString("utf8");
  const places = groups.flatMap((group, groupIndex) =>
    group.fallbacks.map((fallback, part) => {
      const parts = page.split(fallback);
      if (parts.length !== 2)
        throw new Error(
          `The prerendered home page holds its live fragment's fallback ${parts.length - 1} times, not once: rebuild (npx react-router build)`,
        );
      // The page's scripts are allowed by the hashes of the build's copy: a fragment holds none.
      if (inlineScriptHashes(fallback).length > 0)
        throw new Error(
          "The home page's live fragment holds an inline script, which its CSP would block",
        );
      const start = parts[0]!.length;
      return { groupIndex, part, fallback, start, end: start + fallback.length };
    }),
  );
  places.sort((a, b) => a.start - b.start);
  places.forEach((place, index) => {
    if (index > 0 && place.start < places[index - 1]!.end)
      throw new Error("The home page's live fragments overlap");
  });
  // The page around the fragments: the text before each, and the rest after the last.
  const before = places.map((place, index) => page.slice(places[index - 1]?.end ?? 0, place.start));
  const rest = page.slice(places.at(-1)?.end ?? 0);
  const variants = new Map<string, Promise<Copies>>();
  return async () => {
    const read = await Promise.all(
      groups.map((group) =>
        group
          .current()
          .then((markups) =>
            markups.length === group.fallbacks.length ? markups : group.fallbacks,
          )
          .catch(() => group.fallbacks),
      ),
    );
    const markups = places.map((place) => read[place.groupIndex]![place.part]!);
    if (markups.every((markup, index) => markup === places[index]!.fallback)) return built;
    const key = markups.join("\u0000");
    let copies = variants.get(key);
    if (!copies) {
      const html = markups.map((markup, index) => before[index] + markup).join("") + rest;
      copies = compressCopies(Buffer.from(html));
      variants.set(key, copies);
      copies.catch(() => variants.delete(key));
      if (variants.size > MAX_VARIANTS) variants.delete(variants.keys().next().value!);
    }
    return copies;
  };
}
