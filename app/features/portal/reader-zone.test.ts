import { describe, expect, it } from "vitest";
import { readerZone } from "./reader-zone";

describe("readerZone", () => {
  it("takes the saved zone over the browser's and the site's", () => {
    expect(readerZone("Asia/Tokyo", "Europe/London", "America/New_York")).toEqual({
      zone: "Asia/Tokyo",
      from: "saved",
    });
  });
  it("takes the browser's zone while none is saved", () => {
    expect(readerZone(null, "Europe/London", "America/New_York")).toEqual({
      zone: "Europe/London",
      from: "browser",
    });
  });
  it("falls back to the site's zone, saying so", () => {
    expect(readerZone(null, null, "America/New_York")).toEqual({
      zone: "America/New_York",
      from: "site",
    });
  });
});
