import { describe, expect, it } from "vitest";
import { leadSourceOf, MAX_TAG_BYTES, parseAttribution, readUtm, touch, truncateUtf8 } from "./utm";

describe("readUtm", () => {
  it("reads every tracking parameter and vid as videoId", () => {
    const params = new URLSearchParams(
      "utm_source=youtube&utm_medium=video&utm_campaign=application&utm_content=general&utm_term=yt_abc&vid=abc&x=1",
    );
    expect(readUtm(params)).toEqual({
      utm_source: "youtube",
      utm_medium: "video",
      utm_campaign: "application",
      utm_content: "general",
      utm_term: "yt_abc",
      videoId: "abc",
    });
  });

  it("returns null when there is nothing to track", () => {
    expect(readUtm(new URLSearchParams("a=1&utm_source="))).toBeNull();
  });

  it("caps very long values by bytes: 200 ASCII characters, 66 CJK ones", () => {
    const value = readUtm(
      new URLSearchParams(`utm_source=${"x".repeat(500)}&vid=${"漢".repeat(500)}`),
    );
    expect(value?.utm_source).toHaveLength(200);
    expect(value?.videoId).toBe("漢".repeat(66));
  });
});

describe("touch", () => {
  it("keeps the first touch and moves the last touch", () => {
    const first = touch(null, { utm_source: "youtube" });
    const second = touch(first, { utm_source: "linkedin" });
    expect(second).toEqual({ first: { utm_source: "youtube" }, last: { utm_source: "linkedin" } });
  });
});

describe("leadSourceOf", () => {
  it("is the utm source or direct", () => {
    expect(leadSourceOf({ utm_source: "linkedin" })).toBe("linkedin");
    expect(leadSourceOf(undefined)).toBe("direct");
    expect(leadSourceOf({})).toBe("direct");
  });
});

describe("parseAttribution", () => {
  it("rejects malformed values", () => {
    expect(parseAttribution("not an object")).toBeNull();
    expect(parseAttribution(null)).toBeNull();
    expect(parseAttribution({ first: {} })).toBeNull();
    expect(parseAttribution({ first: {}, last: "x" })).toBeNull();
    expect(parseAttribution({ first: {}, last: {} })).toEqual({ first: {}, last: {} });
  });
});

describe("truncateUtf8", () => {
  it("keeps at most the bytes asked for, never cutting a character", () => {
    expect(truncateUtf8("abc", 2)).toBe("ab");
    expect(truncateUtf8("é漢😀x", 1)).toBe("");
    expect(truncateUtf8("é漢😀x", 5)).toBe("é漢");
    expect(truncateUtf8("é漢😀x", 9)).toBe("é漢😀");
    expect(truncateUtf8("é漢😀x", 10)).toBe("é漢😀x");
    for (const text of [
      "漢".repeat(300),
      "😀".repeat(300),
      "é".repeat(300),
      "\ud800".repeat(300),
    ]) {
      const cut = truncateUtf8(text, MAX_TAG_BYTES);
      expect(new TextEncoder().encode(cut).length).toBeLessThanOrEqual(MAX_TAG_BYTES);
      expect(new TextEncoder().encode(cut).length).toBeGreaterThan(MAX_TAG_BYTES - 4);
    }
  });
});
