import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet, { strictTransportSecurity } from "helmet";
import { videoProvider } from "../app/features/site/videos.words";
import { cacheControlFor } from "../app/lib/token-urls";

/**
 * The enforced Content-Security-Policy, as helmet takes it: only these directives, none of
 * helmet's defaults (its `upgrade-insecure-requests` would break a site on http://localhost).
 * Scripts run only when the response's own nonce allows them or when such a script added them;
 * forms post to us and to the payment provider's checkout (`formActions`).
 */
function policyOptions(formActions: string[]) {
  const video = videoProvider?.origins ?? [];
  const nonce = (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as Response).locals.nonce as string}'`;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: [nonce, "'strict-dynamic'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...video],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...video],
      mediaSrc: ["'self'", ...video],
      frameSrc: video.length ? video : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      // webcal: the calendar card's "Subscribe" posts, then hands the feed to the calendar app
      // by a redirect to webcal:// (app/features/sessions/routes/calendar.ts), which form-action governs.
      formAction: ["'self'", "webcal:", ...formActions],
    },
  };
}

/**
 * The security headers of every page (helmet's, as configured here): the
 * policy allows scripts by a fresh nonce each time, which React Router's entry reads from the
 * load context. HSTS only where the site or the request is on https.
 */
export function securityHeaders(formActions: string[]): RequestHandler[] {
  const hsts = strictTransportSecurity({ maxAge: 63072000, includeSubDomains: true });
  return [
    (_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString("base64");
      // helmet does not set Permissions-Policy.
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
      next();
    },
    helmet({
      contentSecurityPolicy: policyOptions(formActions),
      // Off, as helmet has it: require-corp would block the video provider's embeds.
      crossOriginEmbedderPolicy: false,
      // Off: same-origin would refuse our images and files to pages and mail clients elsewhere.
      crossOriginResourcePolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xFrameOptions: { action: "deny" },
      strictTransportSecurity: false,
    }),
    (req, res, next) => (res.locals.secure ? hsts(req, res, next) : next()),
  ];
}

/**
 * The one-click unsubscribe URL (app/features/marketing/routes/one-click-unsubscribe.ts), and nothing under it:
 * not the page that asks (/unsubscribe/<token>/choose), whose posts come from browsers.
 */
export const UNSUBSCRIBE_PATH = /^\/unsubscribe\/[A-Za-z0-9_-]+$/;

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing requests that a browser sent from another origin. Browsers always send
 * Origin (or at least Referer) on cross-site POSTs. Exempt paths, each for a written reason in
 * server/app.ts, are exact strings or patterns over the whole path.
 */
export function originCheck(publicUrl: string, exemptPaths: (string | RegExp)[]) {
  const allowed = new URL(publicUrl).origin;
  const exempt = (path: string) =>
    exemptPaths.some((rule) => (typeof rule === "string" ? rule === path : rule.test(path)));
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method) || exempt(req.path)) return next();
    const claimed = req.get("origin") ?? originOf(req.get("referer"));
    if (!claimed) return next();
    const self = `${req.protocol}://${req.get("host")}`;
    if (claimed === allowed || claimed === self) return next();
    res.status(403).type("text/plain").send("Cross-origin request refused.");
  };
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return "invalid";
  }
}

/**
 * Refuses bodies over the limit before anything reads them. Browsers and webhook senders always
 * declare a Content-Length; a body without one is refused so no stream can run past the limit.
 */
export function bodyLimit(defaultBytes: number, largerPaths: Record<string, number>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding")) {
        res.status(411).type("text/plain").send("Content-Length required.");
        return;
      }
      return next();
    }
    // Client-side submissions post to the route's single-fetch URL, "<path>.data".
    const limit = largerPaths[req.path.replace(/\.data$/, "")] ?? defaultBytes;
    if (!/^\d+$/.test(declared) || Number(declared) > limit) {
      res.status(413).type("text/plain").send("Request body too large.");
      return;
    }
    next();
  };
}

/**
 * Every 429 tells the client when to come back. Route actions answer 429 with their own body and
 * toast; this adds the header once, here, unless the route set one itself.
 */
export function retryAfterOnTooManyRequests(seconds: number) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (status === 429 && !res.hasHeader("retry-after"))
        res.setHeader("Retry-After", String(seconds));
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/**
 * The one place that keeps token pages and responses that set a cookie out of every cache:
 * decided as the headers go out, when every cookie the response sets is known, whichever route
 * or middleware set it.
 */
export function privateResponses() {
  return (req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      const cacheControl = cacheControlFor(req.originalUrl, res.hasHeader("set-cookie"));
      if (cacheControl) res.setHeader("Cache-Control", cacheControl);
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
