import { describe, expect, it } from "vitest";
import { isTimeZone, timeZoneLabel, timeZoneOptions } from "./zone-names";

describe("time zones", () => {
  it("knows IANA zones, under either spelling", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Etc/GMT+5")).toBe(true);
    expect(isTimeZone("America/New York")).toBe(false);
  });
  it("offers every zone, the stored one included", () => {
    const options = timeZoneOptions(["Asia/Kolkata", null]);
    expect(options).toContain("America/New_York");
    expect(options).toContain("Asia/Kolkata");
    expect(options.length).toBeGreaterThan(300);
    expect(timeZoneLabel("America/Argentina/Buenos_Aires")).toBe(
      "America / Argentina / Buenos Aires",
    );
  });
});
