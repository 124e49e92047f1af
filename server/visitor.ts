import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { parseAttribution, readUtm, touch, type Attribution } from "../app/domain/utm";
import { readCookie, writeCookie } from "../app/lib/cookies.server";

export interface Visitor {
  visitorId: string | null;
  attribution: Attribution | null;
}

/**
 * Gives every browser a signed anonymous visitor id (the original's anonymous sign-in) and keeps
 * the tracking parameters of tagged landings for the visit. Only page views (GET) issue a new id:
 * a form post that arrives without one is treated as having no identity.
 */
export function visitorMiddleware(secrets: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    readVisitor(req, res, secrets).then(next, next);
  };
}

async function readVisitor(req: Request, res: Response, secrets: readonly string[]) {
  const header = req.get("cookie");
  const secure = res.locals.secure as boolean;
  let visitorId = asVisitorId(await readCookie(secrets, "visitor", header, secure));
  const setCookies: string[] = [];
  if (!visitorId && (req.method === "GET" || req.method === "HEAD")) {
    visitorId = randomUUID();
    setCookies.push(await writeCookie(secrets, "visitor", visitorId, secure));
  }
  let attribution = parseAttribution(await readCookie(secrets, "attribution", header, secure));
  const landing =
    req.method === "GET" ? readUtm(new URLSearchParams(req.url.split("?")[1] ?? "")) : null;
  if (landing) {
    attribution = touch(attribution, landing);
    setCookies.push(await writeCookie(secrets, "attribution", attribution, secure));
  }
  if (setCookies.length > 0) res.append("Set-Cookie", setCookies);
  res.locals.visitor = { visitorId, attribution } satisfies Visitor;
}

function asVisitorId(value: unknown): string | null {
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}
