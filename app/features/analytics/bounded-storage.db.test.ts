import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { BROWSER, LINKEDIN, useFunnel, YOUTUBE } from "../../../tests/support/funnel";
import { insertSkipping, runAnalyticsPass } from "./rollup.server";

const bytes = (value: string | null) => Buffer.byteLength(value ?? "", "utf8");
const TAGS = ["source", "medium", "campaign", "content", "term", "vid"] as const;
/** 200 CJK characters (600 bytes) that do not repeat, so PostgreSQL cannot compress them away. */
const cjk = (seed: number) =>
  Array.from({ length: 200 }, (_, i) =>
    String.fromCodePoint(0x4e00 + ((i * 7919 + seed * 104_729) % 20_000)),
  ).join("");
/** Six such tags: an index row of 3.6 KB in the old code. */
const CJK_LINK = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "vid"]
  .map((key, i) => `${key}=${encodeURIComponent(cjk(i))}`)
  .join("&");

// Issue 31, finding 1: a tag's size was checked in characters, PostgreSQL's index rows in bytes.
describe.each(testEngines().filter((e) => e.name === "postgres"))(
  "finding 1: tags measured in bytes, not characters, on $name",
  (engine) => {
    const { owner, services, db, view, classify, takeResource } = useFunnel(engine);

    it("a link of six 200-character CJK tags stops neither later page views nor the roll-up", async () => {
      view("v-cjk", `/resume-template?${CJK_LINK}`);
      view("v-good", `/?${YOUTUBE}`);
      expect(await services().analytics.flush()).toBe(2);
      await takeResource("v-cjk", "cjk@example.com");
      // The flush after the form links the browser to its person (person_arrivals' index).
      view("v-cjk", "/apply", { referrer: "http://localhost:3000/resume-template" });
      view("v-later", `/?${LINKEDIN}`);
      await services().analytics.flush();
      const views = await db().selectFrom("page_views").selectAll().execute();
      expect(views).toHaveLength(4);
      for (const row of views)
        for (const tag of TAGS) expect(bytes(row[tag])).toBeLessThanOrEqual(200);
      const arrival = await db().selectFrom("person_arrivals").selectAll().execute();
      expect(arrival).toHaveLength(1);
      expect(arrival[0]!.visitor_id).toBe("v-cjk");

      owner.clock.advance(86_400_000);
      const pass = await runAnalyticsPass(db(), owner.clock.now(), 90);
      expect(pass.daysRolled).toBe(1);
      const arrivals = await db().selectFrom("analytics_arrivals").selectAll().execute();
      expect(arrivals.reduce((n, a) => n + Number(a.visitors), 0)).toBe(3);
      // A view that cannot be classified again still went through the same rule.
      expect(classify("v-x", `/?${CJK_LINK}`)!.landing.source).toHaveLength(66);
    });

    it("a view that cannot be stored is dropped alone: the other views of its batch are written", async () => {
      view("v-before", `/?${YOUTUBE}`);
      // A visitor id no index can hold (never made by the server: it signs UUIDs).
      view(randomBytes(8000).toString("base64"), "/apply");
      view("v-after", `/?${LINKEDIN}`);
      await services().analytics.flush();
      const views = await db().selectFrom("page_views").select("visitor_id").execute();
      expect(views.map((v) => v.visitor_id).sort()).toEqual(["v-after", "v-before"]);
      // Not kept for the next flush either: it would fail every one after it.
      view("v-next", "/");
      await services().analytics.flush();
      expect(await db().selectFrom("page_views").select("visitor_id").execute()).toHaveLength(3);
    });

    it("a roll-up that meets a browser stored before the cap (3.6 KB of tags) still rolls its day up", async () => {
      await db()
        .insertInto("visitors")
        .values({
          id: "v-legacy",
          first_seen_at: "2026-11-22T08:00:00.000Z",
          first_day: "2026-11-22",
          last_seen_at: "2026-11-22T08:00:00.000Z",
          person_id: null,
          source: cjk(0),
          medium: cjk(1),
          campaign: cjk(2),
          content: cjk(3),
          term: cjk(4),
          vid: cjk(5),
        })
        .execute();
      view("v-good", `/?${YOUTUBE}`);
      await services().analytics.flush();
      owner.clock.advance(86_400_000);
      const pass = await runAnalyticsPass(db(), owner.clock.now(), 90);
      expect(pass.daysRolled).toBe(1);
      const arrivals = await db().selectFrom("analytics_arrivals").selectAll().execute();
      expect(arrivals.reduce((n, a) => n + Number(a.visitors), 0)).toBe(2);
      for (const row of arrivals)
        for (const tag of TAGS) expect(bytes(row[tag])).toBeLessThanOrEqual(200);
    });

    it("a roll-up insert that meets a row the database refuses skips that row alone and says why", async () => {
      const trx = await db().startTransaction().execute();
      const rows = ["/", "/apply", "/apply", "/enroll"].map((path) => ({
        day: "2026-11-22",
        path,
        views: 1,
      }));
      const skipped = await insertSkipping(trx, rows, (t, part) =>
        t.insertInto("analytics_pages").values(part).execute(),
      );
      await trx.commit().execute();
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toMatch(/duplicate key|unique/i);
      const stored = await db().selectFrom("analytics_pages").select("path").execute();
      expect(stored.map((r) => r.path).sort()).toEqual(["/", "/apply", "/enroll"]);
    });
  },
);

// Issue 31, finding 2: every stored field, the roll-ups and the views per address are bounded.
describe.each(testEngines())("finding 2: analytics storage bounded on $name", (engine) => {
  const { owner, services, db, view, withPageViewServer } = useFunnel(engine);

  it("stores no field whole that an outsider made long: referrer host, path, tags", async () => {
    const host = `${"h".repeat(14_000)}.example`;
    view("v-long", `/?utm_source=${"s".repeat(8000)}&utm_term=${cjk(9).repeat(10)}`, {
      referrer: `https://${host}/${"p".repeat(8000)}`,
    });
    view("v-ok", "/", { referrer: `https://${"a".repeat(60)}.example.com/x` });
    await services().analytics.flush();
    const rows = await db().selectFrom("page_views").selectAll().orderBy("visitor_id").execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(bytes(row.referrer_host)).toBeLessThanOrEqual(253);
      expect(bytes(row.path)).toBeLessThanOrEqual(64);
      for (const tag of TAGS) expect(bytes(row[tag])).toBeLessThanOrEqual(200);
    }
    expect(rows.find((r) => r.visitor_id === "v-ok")!.referrer_host).toBe(
      `${"a".repeat(60)}.example.com`,
    );
    const visitor = await db()
      .selectFrom("visitors")
      .selectAll()
      .where("id", "=", "v-long")
      .executeTakeFirstOrThrow();
    for (const tag of TAGS) expect(bytes(visitor[tag])).toBeLessThanOrEqual(200);
  });

  it("rolls up a day of 4,200 distinct tag sets, the rare ones folded into (other), every visitor counted", async () => {
    for (let i = 0; i < 4_200; i++)
      view(`v-${i}`, `/?utm_source=spam&utm_term=t${i % 300 === 7 ? 7 : i}`);
    await services().analytics.flush();
    owner.clock.advance(86_400_000);
    const pass = await runAnalyticsPass(db(), owner.clock.now(), 90);
    expect(pass.daysRolled).toBe(1);
    const arrivals = await db().selectFrom("analytics_arrivals").selectAll().execute();
    expect(arrivals.length).toBeLessThanOrEqual(201);
    expect(arrivals.reduce((n, a) => n + Number(a.visitors), 0)).toBe(4_200);
    // The tag set most visitors came by is kept; the long tail is one row.
    expect(arrivals.find((a) => a.term === "t7")!.visitors).toBeGreaterThan(1);
    expect(arrivals.find((a) => a.source === "(other)")!.visitors).toBeGreaterThan(3_000);
  });

  it("records at most 500 page views per address an hour, and still serves every page", async () => {
    const statuses: number[] = [];
    await withPageViewServer(
      (_req, res) => {
        res.type("html").send("<p>page</p>");
      },
      async (base) => {
        for (let i = 0; i < 520; i++) {
          const res = await fetch(`${base}/?utm_source=s${i}`, {
            headers: { "user-agent": BROWSER },
          });
          await res.text();
          statuses.push(res.status);
        }
      },
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    await services().analytics.flush();
    const views = await db().selectFrom("page_views").select("path").execute();
    expect(views).toHaveLength(500);
    // Another address is counted as before.
    owner.clock.advance(1000);
    view("v-other", "/");
    await services().analytics.flush();
    expect(await db().selectFrom("page_views").select("path").execute()).toHaveLength(501);
  });
});
