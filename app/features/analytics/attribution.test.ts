import { describe, expect, it } from "vitest";
import { aggregateAttribution, type AttributionEvent } from "./attribution";

const yt = { utm_source: "youtube", utm_campaign: "application", utm_term: "yt_abc" };
const li = { utm_source: "linkedin", utm_campaign: "resume_template", utm_term: "rep7" };

const events: AttributionEvent[] = [
  { kind: "lead", personId: "a", first: yt, last: li },
  { kind: "lead", personId: "a", first: yt, last: li },
  { kind: "application", personId: "a", first: yt, last: li },
  { kind: "qualified", personId: "a", first: yt, last: li },
  { kind: "enrollment", personId: "a", first: yt, last: li, revenueCents: 64900 },
  { kind: "lead", personId: "b", first: null, last: null },
  { kind: "application", personId: "c", first: li, last: null },
];

describe("aggregateAttribution", () => {
  it("credits the first touch", () => {
    expect(aggregateAttribution(events, "first", "utm_source")).toEqual([
      {
        key: "youtube",
        leads: 1,
        applications: 1,
        qualified: 1,
        enrollments: 1,
        revenueCents: 64900,
      },
      { key: "direct", leads: 1, applications: 0, qualified: 0, enrollments: 0, revenueCents: 0 },
      { key: "linkedin", leads: 0, applications: 1, qualified: 0, enrollments: 0, revenueCents: 0 },
    ]);
  });

  it("credits the last touch, falling back to the first", () => {
    const rows = aggregateAttribution(events, "last", "utm_term");
    expect(rows.find((r) => r.key === "rep7")).toEqual({
      key: "rep7",
      leads: 1,
      applications: 2,
      qualified: 1,
      enrollments: 1,
      revenueCents: 64900,
    });
    expect(rows.find((r) => r.key === "(none)")?.leads).toBe(1);
  });

  it("keeps the totals of the raw events whatever the grouping", () => {
    for (const touch of ["first", "last"] as const) {
      for (const dimension of ["utm_source", "utm_campaign", "utm_content", "utm_term"] as const) {
        const rows = aggregateAttribution(events, touch, dimension);
        expect(rows.reduce((s, r) => s + r.applications, 0)).toBe(2);
        expect(rows.reduce((s, r) => s + r.revenueCents, 0)).toBe(64900);
      }
    }
  });
});
