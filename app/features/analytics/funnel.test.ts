import { describe, expect, it } from "vitest";
import {
  closedThrough,
  conversion,
  foldArrivals,
  FUNNEL_CSV_HEADER,
  FUNNEL_STEPS,
  funnelCsv,
  funnelRows,
  funnelTotal,
  groupOf,
  OTHER_TOUCH,
  readFunnelQuery,
  type Advanced,
} from "./funnel";
import { NO_TOUCH, type Touch } from "./page-view";

const youtube: Touch = {
  source: "youtube",
  medium: "video",
  campaign: "free_resources",
  content: "resume_template",
  term: "yt_abc",
  vid: "abc",
};
const person = (id: string, touch: Touch, reached: Partial<Advanced> = {}): Advanced => ({
  personId: id,
  touch,
  applied: false,
  qualified: false,
  startedCheckout: false,
  paid: false,
  graduated: false,
  offer: false,
  revenueCents: 0,
  ...reached,
});
const messages = { date: "date", order: "order", group: "group", span: "span" };

describe("the funnel's groups", () => {
  it("names a touch by source, tag or the whole generated link; no source is direct", () => {
    expect(groupOf(youtube, "source")).toBe("youtube");
    expect(groupOf(youtube, "term")).toBe("yt_abc");
    expect(groupOf(youtube, "link")).toBe(
      "youtube / video / free_resources / resume_template / yt_abc",
    );
    expect(groupOf({ ...youtube, content: "" }, "content")).toBe("(none)");
    expect(groupOf(NO_TOUCH, "source")).toBe("direct");
    expect(groupOf(NO_TOUCH, "link")).toBe("direct");
    expect(groupOf(NO_TOUCH, "campaign")).toBe("(none)");
  });
});

describe("funnelRows", () => {
  it("counts a later step as having passed the earlier ones, so no step exceeds the one before", () => {
    const rows = funnelRows(
      [{ touch: youtube, visitors: 5 }],
      [{ touch: youtube, people: 3 }],
      [
        person("b", youtube, { applied: true }),
        person("c", youtube, { paid: true, revenueCents: 64_900 }),
      ],
      "source",
    );
    expect(rows).toEqual([
      {
        group: "youtube",
        visitors: 5,
        leads: 3,
        applications: 2,
        qualified: 1,
        checkouts: 1,
        paid: 1,
        graduated: 0,
        offer: 0,
        revenueCents: 64_900,
      },
    ]);
  });

  it("counts a graduate and a graduate's confirmed offer after paid, each implying the steps before", () => {
    const rows = funnelRows(
      [{ touch: youtube, visitors: 4 }],
      [{ touch: youtube, people: 3 }],
      [
        person("a", youtube, { paid: true, revenueCents: 64_900 }),
        person("b", youtube, { paid: true, graduated: true, revenueCents: 64_900 }),
        person("c", youtube, { paid: true, graduated: true, offer: true, revenueCents: 64_900 }),
      ],
      "source",
    );
    expect(rows[0]).toMatchObject({ paid: 3, graduated: 2, offer: 1, checkouts: 3 });
    const offerOnly = funnelRows([], [], [person("d", youtube, { offer: true })], "source");
    expect(offerOnly[0]).toMatchObject({ applications: 1, paid: 1, graduated: 1, offer: 1 });
  });

  it("keeps every row monotone for any mix of steps", () => {
    const flags = [
      "applied",
      "qualified",
      "startedCheckout",
      "paid",
      "graduated",
      "offer",
    ] as const;
    const people = Array.from({ length: 64 }, (_, n) =>
      person(
        `p${n}`,
        n % 2 ? youtube : NO_TOUCH,
        Object.fromEntries(flags.map((flag, bit) => [flag, Boolean(n & (1 << bit))])),
      ),
    );
    const rows = funnelRows(
      [
        { touch: youtube, visitors: 64 },
        { touch: NO_TOUCH, visitors: 64 },
      ],
      [
        { touch: youtube, people: 32 },
        { touch: NO_TOUCH, people: 32 },
      ],
      people,
      "source",
    );
    for (const row of rows) {
      for (let i = 1; i < FUNNEL_STEPS.length; i++) {
        expect(row[FUNNEL_STEPS[i]!]).toBeLessThanOrEqual(row[FUNNEL_STEPS[i - 1]!]);
      }
    }
    const total = funnelTotal(rows, "All");
    expect(total.leads).toBe(64);
    // Paid, graduated or offer set: all but the 8 of 64 with none of the three.
    expect(total.paid).toBe(56);
    expect(total.offer).toBe(32);
  });

  it("orders groups by visitors, then revenue", () => {
    const rows = funnelRows(
      [
        { touch: NO_TOUCH, visitors: 2 },
        { touch: youtube, visitors: 9 },
      ],
      [],
      [],
      "source",
    );
    expect(rows.map((r) => r.group)).toEqual(["youtube", "direct"]);
  });
});

describe("conversion and CSV", () => {
  it("gives a whole percent of the step before, or null after an empty step", () => {
    expect(conversion(1, 3)).toBe(33);
    expect(conversion(0, 0)).toBeNull();
  });

  it("writes the exact header, revenue in dollars and a neutralised formula", () => {
    const csv = funnelCsv([
      {
        group: "=HYPERLINK()",
        visitors: 3,
        leads: 1,
        applications: 0,
        qualified: 0,
        checkouts: 0,
        paid: 0,
        graduated: 0,
        offer: 0,
        revenueCents: 129_800,
      },
    ]);
    expect(csv.split("\r\n")[0]).toBe(FUNNEL_CSV_HEADER);
    expect(FUNNEL_CSV_HEADER).toBe(
      "group,visitors,leads,applications,qualified,checkouts,paid,graduated,offer,revenue",
    );
    expect(csv.split("\r\n")[1]).toBe(`"'=HYPERLINK()",3,1,0,0,0,0,0,0,1298.00`);
  });
});

describe("readFunnelQuery", () => {
  const read = (query: string) =>
    readFunnelQuery(new URLSearchParams(query), "2026-11-22", messages);

  it("defaults to the last 30 days by source", () => {
    expect(read("")).toEqual({
      ok: true,
      query: { from: "2026-10-24", to: "2026-11-22", group: "source" },
    });
  });

  it("refuses a bad date, a reversed or overlong period and an unknown group", () => {
    expect(read("from=2026-02-30")).toMatchObject({ ok: false, error: "date" });
    expect(read("from=2026-11-23&to=2026-11-22")).toMatchObject({ ok: false, error: "order" });
    expect(read("from=2020-01-01&to=2026-11-22")).toMatchObject({ ok: false, error: "span" });
    // What was asked comes back, defaults filled in, for the form to show.
    expect(read("group=country")).toEqual({
      ok: false,
      error: "group",
      values: { from: "2026-10-24", to: "2026-11-22", group: "country" },
    });
  });
});

describe("closedThrough", () => {
  it("closes a day ten minutes after midnight UTC, for views still in another instance's buffer", () => {
    expect(closedThrough(new Date("2026-11-22T00:05:00Z"))).toBe("2026-11-20");
    expect(closedThrough(new Date("2026-11-22T00:11:00Z"))).toBe("2026-11-21");
  });
});

describe("foldArrivals (issue 31: a day's roll-up is bounded)", () => {
  const term = (t: string, visitors: number) => ({ ...youtube, term: t, visitors });

  it("keeps a day under the cap as it is", () => {
    const rows = [term("a", 3), term("b", 1)];
    expect(foldArrivals(rows, 2)).toEqual(rows);
  });

  it("folds the rarest tag sets past the cap into (other), every visitor still counted", () => {
    const rows = [term("a", 1), term("b", 5), term("c", 1), term("d", 2), term("e", 1)];
    const folded = foldArrivals(rows, 2);
    expect(folded).toEqual([term("b", 5), term("d", 2), { ...OTHER_TOUCH, visitors: 3 }]);
  });

  it("adds an existing (other) row to the fold instead of keeping two", () => {
    const rows = [{ ...OTHER_TOUCH, visitors: 9 }, term("a", 4), term("b", 2), term("c", 1)];
    expect(foldArrivals(rows, 1)).toEqual([term("a", 4), { ...OTHER_TOUCH, visitors: 12 }]);
  });

  it("cuts tags stored before the byte cap and merges the sets that became equal", () => {
    const long = "漢".repeat(200);
    const folded = foldArrivals([term(long, 1), term(`${long}x`, 2), { ...NO_TOUCH, visitors: 1 }]);
    expect(folded).toEqual([term("漢".repeat(66), 3), { ...NO_TOUCH, visitors: 1 }]);
  });
});
