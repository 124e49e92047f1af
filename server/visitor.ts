import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { parseAttribution, readUtm, touch, type Attribution } from "../app/features/analytics/utm";
import { readCookie, writeCookie } from "../app/lib/cookies.server";

export interface Visitor {
  visitorId: string | null;
  attribution: Attribution | null;
}

/** What the visitor is read from: the request line and its Cookie header. */
interface VisitorRequest {
  method: string;
  url: string;
  cookie: string | undefined;
  secure: boolean;
}

/**
 * Gives every browser a signed anonymous visitor id (the original's anonymous sign-in) and keeps
 * the tracking parameters of tagged landings for the visit. Only page views (GET) issue a new id:
 * a form post that arrives without one is treated as having no identity.
 */
export function visitorMiddleware(secrets: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const request = {
      method: req.method,
      url: req.url,
      cookie: req.get("cookie"),
      secure: res.locals.secure as boolean,
    };
    resolveVisitor(secrets, request).then(({ visitor, setCookies }) => {
      if (setCookies.length > 0) res.append("Set-Cookie", setCookies);
      res.locals.visitor = visitor;
      next();
    }, next);
  };
}

/** The request's visitor, and the Set-Cookie headers that give or update it. */
async function resolveVisitor(
  secrets: readonly string[],
  { method, url, cookie, secure }: VisitorRequest,
): Promise<{ visitor: Visitor; setCookies: string[] }> {
  let visitorId = asVisitorId(await readCookie(secrets, "visitor", cookie, secure));
  const setCookies: string[] = [];
  if (!visitorId && (method === "GET" || method === "HEAD")) {
    visitorId = randomUUID();
    setCookies.push(await writeCookie(secrets, "visitor", visitorId, secure));
  }
  let attribution = parseAttribution(await readCookie(secrets, "attribution", cookie, secure));
  const query = url.indexOf("?");
  const landing =
    method === "GET" && query >= 0 ? readUtm(new URLSearchParams(url.slice(query + 1))) : null;
  if (landing) {
    attribution = touch(attribution, landing);
    setCookies.push(await writeCookie(secrets, "attribution", attribution, secure));
  }
  return { visitor: { visitorId, attribution }, setCookies };
}

function asVisitorId(value: unknown): string | null {
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}
