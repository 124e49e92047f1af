import express, { type RequestHandler } from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { pageViews } from "../../server/analytics";
import { visitorMiddleware } from "../../server/visitor";
import { classifyView, type ViewRequest } from "../../app/features/analytics/page-view";
import { FUNNEL_STEPS, type FunnelRow } from "../../app/features/analytics/funnel";
import { readUtm } from "../../app/features/analytics/utm";
import { funnelReport } from "../../app/features/analytics/funnel.server";
import { action as applyAction } from "../../app/features/applications/routes/apply";
import { action as leadPageAction } from "../../app/features/leads/routes/lead-page";
import { qualifiedAnswers } from "./application";
import { seatFixtures, setCurrentCohort } from "./cohort";
import { callAction, formRequest, makeContext, unwrap } from "./context";
import type { TestEngine } from "./databases";
import { leadAnswers } from "./lead-pages";
import { useOwnerConsole } from "./owner-console";

/** The links of the scenario: a video's, and a rep's LinkedIn message's. */
export const YOUTUBE =
  "utm_source=youtube&utm_medium=video&utm_campaign=free_resources&utm_content=resume_template&utm_term=yt_abc123&vid=abc123";
export const LINKEDIN =
  "utm_source=linkedin&utm_medium=dm&utm_campaign=apply&utm_content=apply&utm_term=rep7";
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
/** The YouTube link as the funnel names it when grouped by link. */
export const YOUTUBE_LINK = "youtube / video / free_resources / resume_template / yt_abc123";

/** A page a desktop browser asks the site for, answered 200, as the view middleware sees it. */
export const browserRequest = (visitorId: string | null, url: string): ViewRequest => ({
  url,
  status: 200,
  userAgent: BROWSER,
  referrer: undefined,
  siteHost: "localhost:3000",
  doNotTrack: false,
  admin: false,
  visitorId,
  attribution: null,
});

export const rowOf = (rows: FunnelRow[], group: string) => rows.find((r) => r.group === group);

/**
 * The funnel tests' owner console (fresh services for each test) and the visitors they send
 * through it: page views recorded as the middleware records them, forms posted as browsers post
 * them, and the report the owner reads.
 */
export function useFunnel(engine: TestEngine) {
  const owner = useOwnerConsole(engine);
  const services = () => owner.t.services;
  const db = () => services().db;
  let ip = 0;

  /** A page view as the server classifies it, at the test clock's time. */
  const classify = (visitorId: string | null, url: string, extra: Partial<ViewRequest> = {}) => {
    const utm = readUtm(new URLSearchParams(url.split("?")[1] ?? ""));
    return classifyView(
      {
        ...browserRequest(visitorId, url),
        attribution: utm ? { first: utm, last: utm } : null,
        ...extra,
      },
      owner.clock.now(),
    );
  };
  /** …and recorded, as the page-view middleware does. */
  const view = (visitorId: string | null, url: string, extra: Partial<ViewRequest> = {}) => {
    const recorded = classify(visitorId, url, extra);
    if (recorded) services().analytics.record(recorded);
    return recorded;
  };
  // Each request from an address of its own, so the per-address rate limits stay out of the way.
  const context = (visitorId: string) =>
    makeContext(services(), { visitorId, ip: `10.20.0.${++ip}` });
  /** A public form sent from a visitor's browser and accepted; the next comes a minute later. */
  const submit = async (
    action: Parameters<typeof callAction>[0],
    path: string,
    fields: Record<string, string | string[]>,
    visitorId: string,
  ) => {
    const result = await unwrap(
      await callAction(action, formRequest(path, fields), context(visitorId)),
    );
    expect(result.status).toBe(303);
    owner.clock.advance(61_000);
  };
  const takeResource = (visitorId: string, email: string) =>
    submit(leadPageAction, "/resume-template", { ...leadAnswers, email }, visitorId);
  const apply = (visitorId: string, email: string, answers = qualifiedAnswers) =>
    submit(applyAction, "/apply", { ...answers, email }, visitorId);
  const personId = async (email: string) =>
    (
      await db()
        .selectFrom("people")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;
  const report = (group: "source" | "term" | "link", from = "2026-11-01", to = "2026-11-30") =>
    funnelReport(db(), { from, to, group });

  /**
   * A server that records page views as the real one does (the visitor cookie, then the page-view
   * middleware) in front of `page`: `visit` gets its address, and the server closes after it.
   */
  const withPageViewServer = async (
    page: RequestHandler,
    visit: (base: string) => Promise<void>,
  ): Promise<void> => {
    const server = express();
    server.use((_req, res, next) => {
      res.locals.secure = false;
      next();
    });
    server.use(visitorMiddleware(owner.t.config.sessionSecrets));
    server.use(pageViews(services().analytics, services().clock, "http://localhost:3000"));
    server.get("/{*splat}", page);
    const listening: Server = await new Promise((resolve) => {
      const s = server.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      await visit(`http://127.0.0.1:${(listening.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  };

  /**
   * Three browsers by one YouTube link, one of which pays after a resource and an application;
   * its person also opens a rep's LinkedIn link later on a second browser and takes a resource
   * there. A direct visitor applies without a resource. A browser with Sec-GPC lands by the
   * YouTube link; a bot opens it too.
   */
  const buildScenario = async () => {
    await setCurrentCohort(db(), { capacity: 10 });
    view("v-payer", `/resume-template?${YOUTUBE}`);
    view("v-lead", `/resume-template?${YOUTUBE}`);
    view("v-looker", `/?${YOUTUBE}`);
    view(null, `/?${YOUTUBE}`, { doNotTrack: true });
    view("v-bot", `/?${YOUTUBE}`, { userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    view("v-direct", "/apply");
    await services().analytics.flush();
    owner.clock.advance(3_600_000);
    await takeResource("v-payer", "payer@example.com");
    await apply("v-payer", "payer@example.com");
    await takeResource("v-lead", "lead@example.com");
    await apply("v-direct", "direct@example.com");
    owner.clock.advance(3_600_000);
    view("v-payer-phone", `/resume-template?${LINKEDIN}`);
    await services().analytics.flush();
    await takeResource("v-payer-phone", "payer@example.com");
    // The pages after the forms: the flush links each browser to the person it became.
    for (const id of ["v-payer", "v-lead", "v-direct", "v-payer-phone"])
      view(id, "/resume-template");
    await services().analytics.flush();
    const { pay } = seatFixtures(services, owner.clock);
    expect((await pay(await personId("payer@example.com"), "payer@example.com")).kind).toBe(
      "enrolled",
    );
  };

  return {
    owner,
    services,
    db,
    classify,
    view,
    takeResource,
    report,
    buildScenario,
    withPageViewServer,
  };
}

/** Every step of each row counts no more than the step before it. */
export const expectMonotone = (rows: FunnelRow[]) => {
  for (const row of rows) {
    for (let i = 1; i < FUNNEL_STEPS.length; i++) {
      expect(row[FUNNEL_STEPS[i]!], `${row.group} ${FUNNEL_STEPS[i]}`).toBeLessThanOrEqual(
        row[FUNNEL_STEPS[i - 1]!],
      );
    }
  }
};
