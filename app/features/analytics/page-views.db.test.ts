import type { RequestHandler } from "express";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import {
  BROWSER,
  browserRequest,
  LINKEDIN,
  useFunnel,
  YOUTUBE,
} from "../../../tests/support/funnel";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { classifyView } from "./page-view";
import { loader as funnelLoader } from "~/features/analytics/routes/funnel";
import { PageViewRecorder } from "./recorder.server";

// Which requests are recorded as page views, and how the browsers behind them are remembered.
describe.each(testEngines())("page views on $name", (engine) => {
  const { owner, services, db, classify, view, withPageViewServer } = useFunnel(engine);

  it("counts a Sec-GPC or DNT visit without the visitor id, and never a bot's or the owner's", async () => {
    const page: RequestHandler = (req, res) => {
      if (req.path === "/missing") res.status(404).send("no");
      else res.type("html").send("<p>page</p>");
    };
    await withPageViewServer(page, async (base) => {
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${base}${path}`, { headers: { "user-agent": BROWSER, ...headers } }).then((r) =>
          r.text(),
        );
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
    });
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
    expect(services.scheduler.jobs.map((job) => job.name)).not.toContain("analytics");
    expect((await services.scheduler.runDue()).analytics).toBeUndefined();
    const page = await owner.get(funnelLoader, "/admin/funnel");
    expect(page.body).toMatchObject({ analytics: false });
  });
});
