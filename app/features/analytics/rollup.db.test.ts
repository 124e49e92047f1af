import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { LINKEDIN, rowOf, useFunnel, YOUTUBE } from "../../../tests/support/funnel";
import { runAnalyticsPass } from "./rollup.server";

// The hourly analytics pass: it rolls closed days up, drops old raw rows and links late browsers.
describe.each(testEngines())("the analytics rollup on $name", (engine) => {
  const { owner, services, db, view, takeResource, report, buildScenario } = useFunnel(engine);

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
});
