import accepts from "accepts";
import fresh from "fresh";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { cacheControlFor } from "../app/domain/token-urls";
import { hasFlashToast } from "../app/lib/cookies.server";
import type { CountView } from "./analytics";
import type { PrerenderedHome } from "./prerendered-home";
import { answerError, pathOf, startRequestLog } from "./request-log";
import { setSecurityHeaders } from "./security";
import { closeConnectionWhileDraining, type Lifecycle } from "./shutdown";
import { resolveVisitor } from "./visitor";

/** What serving the prerendered home needs from the server around it. */
export interface HomeServing {
  home: PrerenderedHome;
  /** The page's enforced policy, allowing its inline scripts by hash. */
  policy: string;
  secrets: readonly string[];
  /** Whether a request reached the site over https (directly, or through a trusted proxy). */
  isSecure(req: IncomingMessage): boolean;
  lifecycle: Lifecycle;
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
    closeConnectionWhileDraining(res, serving.lifecycle);
    // Outside Express nothing else catches an error: whatever fails is answered here.
    answer(req, res).catch((error: unknown) => answerError(res, requestId, error));
    return true;
  };

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const secure = serving.isSecure(req);
    setSecurityHeaders(res, policy, secure);
    const url = req.url ?? "/";
    const { visitor, setCookies } = await resolveVisitor(secrets, {
      method: req.method ?? "GET",
      url,
      cookie: req.headers.cookie,
      secure,
    });
    if (setCookies.length > 0) res.setHeader("Set-Cookie", setCookies);
    const accepted = accepts(req).encodings(["br", "gzip", "identity"]);
    const encoding = accepted === "br" || accepted === "gzip" ? accepted : "identity";
    // Revalidated on every visit (a flash toast must reach the server); never stored at all when
    // it hands this browser its visitor id.
    res.setHeader("Cache-Control", cacheControlFor(url, setCookies.length > 0) ?? "no-cache");
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", etags[encoding]);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    if (countView && req.method === "GET")
      res.on("finish", () => countView(req, url, res.statusCode, visitor));
    if (fresh(req.headers, { etag: etags[encoding] })) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Length", bodies[encoding].length);
    res.end(req.method === "HEAD" ? undefined : bodies[encoding]);
  }
}

function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}
