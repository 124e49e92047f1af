import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { PageViewRecorder } from "../app/analytics/recorder.server";
import { classifyView } from "../app/domain/page-view";
import type { Clock } from "../app/lib/clock";
import { cookieName } from "../app/lib/cookies.server";
import { clientAddress } from "./security";
import type { Visitor } from "./visitor";

/** Counts one finished GET: its address as asked, its status and who asked. */
export type CountView = (
  req: IncomingMessage,
  url: string,
  status: number,
  visitor: Visitor | undefined,
) => void;

/**
 * Counts page views on the server. Nothing happens before the response: once it has gone out,
 * the request is classified (bot, owner, error, not a public page: not counted) and handed to
 * the recorder's buffer, which writes once a second. `Sec-GPC: 1` or `DNT: 1` views are counted
 * without the visitor id. The recorder counts views per client address (`trustProxy`: behind one
 * proxy, the address it forwarded) and records none over the hourly limit. Null when counting is
 * off.
 */
export function viewCounter(
  recorder: PageViewRecorder,
  clock: Clock,
  publicUrl: string,
  trustProxy = false,
): CountView | null {
  if (!recorder.enabled) return null;
  const siteHost = new URL(publicUrl).host;
  const adminCookie = `${cookieName("admin")}=`;
  return (req, url, status, visitor) => {
    const { headers } = req;
    const view = classifyView(
      {
        url,
        status,
        userAgent: headers["user-agent"],
        referrer: headers.referer,
        siteHost: headers.host ?? siteHost,
        doNotTrack: headers["sec-gpc"] === "1" || headers.dnt === "1",
        admin: headers.cookie?.includes(adminCookie) ?? false,
        visitorId: visitor?.visitorId ?? null,
        attribution: visitor?.attribution ?? null,
      },
      clock.now(),
    );
    if (view) recorder.record(view, clientAddress(req, trustProxy));
  };
}

/** The page-view counter as Express middleware, for every page the app renders. */
export function pageViews(
  recorder: PageViewRecorder,
  clock: Clock,
  publicUrl: string,
  trustProxy = false,
) {
  const count = viewCounter(recorder, clock, publicUrl, trustProxy);
  return (req: Request, res: Response, next: NextFunction) => {
    if (!count || req.method !== "GET") return next();
    res.on("finish", () =>
      count(req, req.originalUrl, res.statusCode, res.locals.visitor as Visitor | undefined),
    );
    next();
  };
}
