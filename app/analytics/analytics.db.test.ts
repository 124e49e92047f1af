import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../tests/support/application";
import { seatFixtures, setCurrentCohort } from "../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../tests/support/context";
import { testEngines } from "../../tests/support/databases";
import { leadAnswers } from "../../tests/support/lead-pages";
import { useOwnerConsole } from "../../tests/support/owner-console";
import { pageViews } from "../../server/analytics";
import { visitorMiddleware } from "../../server/visitor";
import { classifyView, type ViewRequest } from "~/domain/page-view";
import { FUNNEL_CSV_HEADER, FUNNEL_STEPS, type FunnelRow } from "~/domain/funnel";
import { readUtm } from "~/domain/utm";
import { loader as funnelCsvLoader } from "~/routes/admin/funnel-csv";
import { loader as funnelLoader } from "~/routes/admin/funnel";
import { action as applyAction } from "~/routes/apply/apply";
import { action as leadPageAction } from "~/routes/resources/lead-page";
import { funnelReport } from "./funnel.server";
import { PageViewRecorder } from "./recorder.server";
import { runAnalyticsPass } from "./rollup.server";

const YOUTUBE =
  "utm_source=youtube&utm_medium=video&utm_campaign=free_resources&utm_content=resume_template&utm_term=yt_abc123&vid=abc123";
const LINKEDIN =
  "utm_source=linkedin&utm_medium=dm&utm_campaign=apply&utm_content=apply&utm_term=rep7";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
const YOUTUBE_LINK = "youtube / video / free_resources / resume_template / yt_abc123";

/** A page a desktop browser asks the site for, answered 200, as the view middleware sees it. */
const browserRequest = (visitorId: string | null, url: string): ViewRequest => ({
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

describe.each(testEngines())("the funnel on $name", (engine) => {
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
  const rowOf = (rows: FunnelRow[], group: string) => rows.find((r) => r.group === group);
  const expectMonotone = (rows: FunnelRow[]) => {
    for (const row of rows) {
      for (let i = 1; i < FUNNEL_STEPS.length; i++) {
        expect(row[FUNNEL_STEPS[i]!], `${row.group} ${FUNNEL_STEPS[i]}`).toBeLessThanOrEqual(
          row[FUNNEL_STEPS[i - 1]!],
        );
      }
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

  it("counts each step per source, a person once, in the group of the link that first brought them", async () => {
    await buildScenario();
    const rows = await report("source");
    expect(rowOf(rows, "youtube")).toEqual({
      group: "youtube",
      visitors: 4,
      leads: 2,
      applications: 1,
      qualified: 1,
      checkouts: 1,
      paid: 1,
      revenueCents: 64_900,
    });
    // The payer's second browser is a visitor of its own, but the payer counts under YouTube.
    expect(rowOf(rows, "linkedin")).toMatchObject({ visitors: 1, leads: 0, paid: 0 });
    // Applied without a resource: a lead too, as every later step implies the earlier ones.
    expect(rowOf(rows, "direct")).toMatchObject({
      visitors: 1,
      leads: 1,
      applications: 1,
      qualified: 1,
      checkouts: 0,
    });
    expectMonotone(rows);
    const byLink = await report("link");
    expect(rowOf(byLink, YOUTUBE_LINK)).toMatchObject({ visitors: 4, leads: 2, paid: 1 });
    expect(rowOf(await report("term"), "yt_abc123")).toMatchObject({ visitors: 4, leads: 2 });
    expectMonotone(byLink);
  });

  it("counts a Sec-GPC or DNT visit without the visitor id, and never a bot's or the owner's", async () => {
    const server = express();
    server.use((_req, res, next) => {
      res.locals.secure = false;
      next();
    });
    server.use(visitorMiddleware(owner.t.config.sessionSecrets));
    server.use(pageViews(services().analytics, services().clock, "http://localhost:3000"));
    server.get("/{*splat}", (req, res) => {
      if (req.path === "/missing") res.status(404).send("no");
      else res.type("html").send("<p>page</p>");
    });
    const listening: Server = await new Promise((resolve) => {
      const s = server.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers: { "user-agent": BROWSER, ...headers } }).then((r) =>
        r.text(),
      );
    try {
      await get(`/?${YOUTUBE}`, { referer: "https://www.youtube.com/watch?v=abc123" });
      await get("/apply", { "sec-gpc": "1" });
      await get("/resume-template", { dnt: "1" });
      await get("/", { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" });
      await get("/", { cookie: "fsts_admin=anything" });
      await get("/missing");
      await get("/admin");
      await get("/resources/resume-template");
      await fetch(`${base}/apply`, { method: "POST", headers: { "user-agent": BROWSER } });
      // A data request of a page from another page is a view; of the same page, it is not.
      await get("/apply.data", { referer: `http://127.0.0.1/` });
      await get("/offers/secret-token-123");
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
    await services().analytics.flush();
    const views = await db()
      .selectFrom("page_views")
      .select(["path", "visitor_id", "source", "vid", "referrer_host", "entry"])
      .orderBy("at")
      .execute();
    expect(views.map((v) => v.path).sort()).toEqual(
      ["/", "/apply", "/resume-template", "/apply", "/offers"].sort(),
    );
    const landing = views.find((v) => v.source === "youtube")!;
    expect(landing).toMatchObject({ path: "/", vid: "abc123", referrer_host: "www.youtube.com" });
    expect(landing.visitor_id).toMatch(/^[0-9a-f-]{36}$/);
    const anonymous = views.filter((v) => v.visitor_id === null);
    expect(anonymous.map((v) => v.path).sort()).toEqual(["/apply", "/resume-template"]);
    // Each identified request came without a cookie, so each is a browser of its own; the
    // GPC and DNT ones left no browser row behind.
    const visitors = await db().selectFrom("visitors").select("id").execute();
    expect(visitors).toHaveLength(views.length - anonymous.length);
    expect(visitors.map((v) => v.id)).not.toContain(null);
  });

  it("rolls up each closed day once, the roll-up equal to the raw sums, and keeps the funnel the same", async () => {
    await buildScenario();
    owner.clock.advance(86_400_000);
    view("v-next-day", `/?${LINKEDIN}`);
    view("v-next-day", "/apply", { referrer: "http://localhost:3000/" });
    view(null, `/resume-template?${LINKEDIN}`, { doNotTrack: true });
    await services().analytics.flush();
    const before = await report("link");
    owner.clock.set(new Date("2026-11-25T01:00:00Z"));
    const first = await runAnalyticsPass(db(), owner.clock.now(), 90);
    expect(first.daysRolled).toBe(3);
    const again = await runAnalyticsPass(db(), owner.clock.now(), 90);
    expect(again).toMatchObject({ daysRolled: 0, pageViewsDeleted: 0, visitorsDeleted: 0 });

    const raw = await db()
      .selectFrom("page_views")
      .select(["day", "path", "visitor_id", "entry"])
      .execute();
    const days = await db().selectFrom("analytics_days").selectAll().orderBy("day").execute();
    expect(days.map((d) => d.day)).toEqual(["2026-11-22", "2026-11-23", "2026-11-24"]);
    for (const day of days) {
      const own = raw.filter((r) => r.day === day.day);
      expect(day.views).toBe(own.length);
      expect(day.anonymous_views).toBe(own.filter((r) => r.visitor_id === null).length);
      const distinct = new Set(own.filter((r) => r.visitor_id).map((r) => r.visitor_id)).size;
      const anonymousEntries = own.filter((r) => r.visitor_id === null && r.entry === 1).length;
      expect(day.visitors).toBe(distinct + anonymousEntries);
    }
    const pages = await db().selectFrom("analytics_pages").selectAll().execute();
    expect(pages.reduce((n, p) => n + Number(p.views), 0)).toBe(raw.length);
    const arrivals = await db().selectFrom("analytics_arrivals").selectAll().execute();
    const visitorRows = await db().selectFrom("visitors").select("id").execute();
    const anonymousEntries = raw.filter((r) => r.visitor_id === null && r.entry === 1).length;
    expect(arrivals.reduce((n, a) => n + Number(a.visitors), 0)).toBe(
      visitorRows.length + anonymousEntries,
    );
    // Rolled-up days now answer from the roll-ups: the same numbers as from the raw rows.
    expect(await report("link")).toEqual(before);
  });

  it("keeps raw views and unlinked browsers for ANALYTICS_RAW_DAYS only; the roll-ups and people stay", async () => {
    await buildScenario();
    owner.clock.set(new Date("2026-11-23T06:00:00Z"));
    view("v-recent", `/?${LINKEDIN}`);
    await services().analytics.flush();
    const before = await report("source");
    // Ten days on, with raw data kept for five: everything from the 22nd and 23rd goes.
    owner.clock.set(new Date("2026-12-02T12:00:00Z"));
    const pass = await runAnalyticsPass(db(), owner.clock.now(), 5);
    expect(pass.pageViewsDeleted).toBeGreaterThan(0);
    expect(await db().selectFrom("page_views").select("day").execute()).toEqual([]);
    const left = await db().selectFrom("visitors").select(["id", "person_id"]).execute();
    expect(left.map((v) => v.id).sort()).toEqual(
      ["v-direct", "v-lead", "v-payer", "v-payer-phone"].sort(),
    );
    expect(left.every((v) => v.person_id !== null)).toBe(true);
    expect(await db().selectFrom("analytics_days").select("day").execute()).not.toEqual([]);
    // The period's funnel is unchanged: visitors from the roll-ups, people from their browsers.
    expect(await report("source")).toEqual(before);
  });

  it("agrees across instances: the earliest sight of a browser wins, whichever flush comes last", async () => {
    const other = new PageViewRecorder(db(), { enabled: true });
    view("v-shared", `/?${YOUTUBE}`);
    owner.clock.advance(500);
    const later = classify("v-shared", `/apply?${LINKEDIN}`)!;
    other.record(later);
    await other.flush();
    await services().analytics.flush();
    const row = await db()
      .selectFrom("visitors")
      .selectAll()
      .where("id", "=", "v-shared")
      .executeTakeFirstOrThrow();
    expect(row.source).toBe("youtube");
    expect(row.last_seen_at).toBe(later.at);
    expect(await db().selectFrom("page_views").select("path").execute()).toHaveLength(2);
  });

  it("links a browser whose form no page view followed in the hourly pass", async () => {
    view("v-quiet", `/resume-template?${YOUTUBE}`);
    await services().analytics.flush();
    await takeResource("v-quiet", "quiet@example.com");
    expect(rowOf(await report("source"), "youtube")).toMatchObject({ visitors: 1, leads: 0 });
    const pass = await runAnalyticsPass(db(), owner.clock.now(), 90);
    expect(pass.visitorsLinked).toBe(1);
    expect(rowOf(await report("source"), "youtube")).toMatchObject({ visitors: 1, leads: 1 });
    expect((await runAnalyticsPass(db(), owner.clock.now(), 90)).visitorsLinked).toBe(0);
  });

  it("answers the CSV with the exact header and the page with the same numbers; a bad query changes nothing and says why", async () => {
    await buildScenario();
    const csv = await owner.get(
      funnelCsvLoader,
      "/admin/funnel.csv?from=2026-11-01&to=2026-11-30&group=term",
    );
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe(FUNNEL_CSV_HEADER);
    expect(lines).toContain('"yt_abc123",4,2,1,1,1,1,649.00');
    const page = await owner.get(
      funnelLoader,
      "/admin/funnel?from=2026-11-01&to=2026-11-30&group=term",
    );
    const body = page.body as { report: { rows: FunnelRow[] } };
    expect(rowOf(body.report.rows, "yt_abc123")).toMatchObject({ visitors: 4, leads: 2, paid: 1 });
    for (const [query, message] of [
      ["from=2026-13-01", "Please give dates as YYYY-MM-DD."],
      ["from=2026-11-30&to=2026-11-01", "The start of the period must be on or before its end."],
      ["group=country", "Group by one of: source, campaign, content, term, link."],
    ] as const) {
      const bad = await owner.get(funnelCsvLoader, `/admin/funnel.csv?${query}`);
      expect(bad.status).toBe(400);
      expect(String(bad.body)).toContain(message);
      const shown = await owner.get(funnelLoader, `/admin/funnel?${query}`);
      expect(shown.status).toBe(400);
      expect(shown.body).toMatchObject({ error: message, report: null });
    }
  });
});

describe.each(testEngines())("ANALYTICS=off on $name", (engine) => {
  const owner = useOwnerConsole(engine, { env: { ANALYTICS: "off" } });

  it("records no view, runs no analytics pass, and the funnel page says so", async () => {
    const services = owner.t.services;
    const recorded = classifyView(browserRequest("v-off", "/"), owner.clock.now())!;
    services.analytics.record(recorded);
    expect(await services.analytics.flush()).toBe(0);
    expect(await services.db.selectFrom("page_views").select("path").execute()).toEqual([]);
    expect(await services.db.selectFrom("visitors").select("id").execute()).toEqual([]);
    expect((await services.housekeeping.runOnce()).analytics).toBeNull();
    const page = await owner.get(funnelLoader, "/admin/funnel");
    expect(page.body).toMatchObject({ analytics: false });
  });
});
