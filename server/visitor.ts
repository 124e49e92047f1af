import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { parseAttribution, readUtm, touch, type Attribution } from "../app/domain/utm";
import { parseCookies, serializeCookie, sign, unsign } from "../app/lib/signing.server";

export const VISITOR_COOKIE = "fsts_vid";
export const ATTRIBUTION_COOKIE = "fsts_utm";
const YEAR = 365 * 24 * 3600;
const VISIT = 30 * 24 * 3600;

export interface Visitor {
  visitorId: string | null;
  attribution: Attribution | null;
}

/**
 * Gives every browser a signed anonymous visitor id (the original's anonymous sign-in) and keeps
 * the tracking parameters of tagged landings for the visit. Only page views (GET) issue a new id:
 * a form post that arrives without one is treated as having no identity.
 */
export function visitorMiddleware(secret: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const cookies = parseCookies(req.get("cookie"));
    const secure = res.locals.secure as boolean;
    let visitorId = unsign(cookies[VISITOR_COOKIE], secret);
    const setCookies: string[] = [];
    if (!visitorId && (req.method === "GET" || req.method === "HEAD")) {
      visitorId = randomUUID();
      setCookies.push(
        serializeCookie(VISITOR_COOKIE, sign(visitorId, secret), { secure, maxAgeSeconds: YEAR }),
      );
    }
    let attribution = parseAttribution(unsign(cookies[ATTRIBUTION_COOKIE], secret));
    const landing =
      req.method === "GET" ? readUtm(new URLSearchParams(req.url.split("?")[1] ?? "")) : null;
    if (landing) {
      attribution = touch(attribution, landing);
      setCookies.push(
        serializeCookie(ATTRIBUTION_COOKIE, sign(JSON.stringify(attribution), secret), {
          secure,
          maxAgeSeconds: VISIT,
        }),
      );
    }
    if (setCookies.length > 0) res.append("Set-Cookie", setCookies);
    res.locals.visitor = { visitorId, attribution } satisfies Visitor;
    next();
  };
}
