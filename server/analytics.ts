import type { NextFunction, Request, Response } from "express";
import type { PageViewRecorder } from "../app/features/analytics/recorder.server";
import { classifyView } from "../app/features/analytics/page-view";
import type { Clock } from "../app/lib/clock";
import { cookieName } from "../app/lib/cookies.server";
import type { Visitor } from "./visitor";

/**
 * Counts page views on the server, as Express middleware for every page. Nothing happens before the response: once it has gone out, the GET is classified
 * (bot, owner, error, not a public page: not counted) and handed to the recorder's buffer, which
 * writes once a second. `Sec-GPC: 1` or `DNT: 1` views are counted without the visitor id. The
 * recorder counts views per client address (`req.ip`, which honours TRUST_PROXY) and records none
 * over the hourly limit.
 */
export function pageViews(recorder: PageViewRecorder, clock: Clock, publicUrl: string) {
  const siteHost = new URL(publicUrl).host;
  const adminCookie = `${cookieName("admin")}=`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!recorder.enabled || req.method !== "GET") return next();
    res.on("finish", () => {
      const { headers } = req;
      const visitor = res.locals.visitor as Visitor | undefined;
      const view = classifyView(
        {
          url: req.originalUrl,
          status: res.statusCode,
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
      if (view) recorder.record(view, req.ip ?? "unknown");
    });
    next();
  };
}
