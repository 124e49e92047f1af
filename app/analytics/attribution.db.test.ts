import { describe, expect, it } from "vitest";
import { useSeededConsole } from "../../tests/support/console";
import { testEngines } from "../../tests/support/databases";
import { attributionReport } from "./attribution.server";

describe.each(testEngines())("owner's console queries on $name", (engine) => {
  const { t } = useSeededConsole(engine);

  it("attributes every event and its revenue, by first and last touch", async () => {
    const period = { from: "2026-11-01", to: "2026-11-30" };
    const raw = await t.services.db.selectFrom("submissions").select(["type"]).execute();
    const expected = {
      first: ["yt_abc", { leads: 1, applications: 1 }],
      last: ["rep7", { leads: 2, applications: 2 }],
    } as const;
    for (const touch of ["first", "last"] as const) {
      const [key, counts] = expected[touch];
      const rows = await attributionReport(t.services.db, period, touch, "utm_term");
      expect(rows.find((r) => r.key === key)).toMatchObject({
        ...counts,
        qualified: 1,
        enrollments: 1,
        revenueCents: 64900,
      });
      expect(rows.reduce((s, r) => s + r.applications, 0)).toBe(
        raw.filter((r) => r.type === "application").length,
      );
      expect(rows.reduce((s, r) => s + r.revenueCents, 0)).toBe(64900);
    }
    expect(
      await attributionReport(
        t.services.db,
        { from: "2025-01-01", to: "2025-01-31" },
        "first",
        "utm_source",
      ),
    ).toEqual([]);
  });
});
