import { describe, expect, it } from "vitest";
import {
  homeStories,
  moved,
  offerCountStat,
  publishedName,
  QUOTE_MAX,
  testimonialSchema,
  type Story,
} from "./testimonials";

const story = (id: string): Story => ({ id, name: id, company: "Firm", quote: "Hi." });
const coded = ["c1", "c2", "c3", "c4"].map((id) => ({ ...story(id), rating: 5 }));

describe("homeStories", () => {
  it("shows the written four alone while none is published", () => {
    expect(homeStories([], coded).map((s) => s.id)).toEqual(["c1", "c2", "c3", "c4"]);
  });

  it("puts the published ones first and keeps the written four while fewer than four are", () => {
    const shown = homeStories([story("r1"), story("r2"), story("r3")], coded).map((s) => s.id);
    expect(shown).toEqual(["r1", "r2", "r3", "c1", "c2", "c3", "c4"]);
  });

  it("shows only the published ones, in their order, from four on", () => {
    const real = ["r2", "r1", "r4", "r3", "r5"].map(story);
    expect(homeStories(real, coded).map((s) => s.id)).toEqual(["r2", "r1", "r4", "r3", "r5"]);
  });
});

describe("offerCountStat", () => {
  it("keeps the text until the owner shows the count, whatever the count", () => {
    expect(offerCountStat("4+", null)).toBe("4+");
    expect(offerCountStat("4+", 12)).toBe("12");
    expect(offerCountStat("4+", 2)).toBe("2");
    expect(offerCountStat("4+", 0)).toBe("0");
  });
});

describe("publishedName", () => {
  it("names as the consent allows", () => {
    expect(publishedName("full", "Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(publishedName("first_name", "Ada", "Lovelace")).toBe("Ada");
    expect(publishedName("full", " Ada ", "")).toBe("Ada");
  });
});

describe("moved", () => {
  it("swaps with the neighbour, and leaves the ends alone", () => {
    expect(moved(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
    expect(moved(["a", "b"], "x", "up")).toEqual(["a", "b"]);
  });
});

describe("testimonialSchema", () => {
  const parse = (value: Record<string, unknown>) => testimonialSchema.safeParse(value);
  it("takes up to 600 characters with a consent", () => {
    expect(parse({ intent: "submit", quote: "x".repeat(QUOTE_MAX), consent: "full" }).success).toBe(
      true,
    );
    expect(
      parse({ intent: "submit", quote: "x".repeat(QUOTE_MAX + 1), consent: "full" }).success,
    ).toBe(false);
    expect(parse({ intent: "submit", quote: "  ", consent: "full" }).success).toBe(false);
    expect(parse({ intent: "submit", quote: "Hi" }).success).toBe(false);
    expect(parse({ intent: "submit", quote: "Hi", consent: "photo" }).success).toBe(false);
    expect(parse({ intent: "withdraw" }).success).toBe(true);
  });
});
