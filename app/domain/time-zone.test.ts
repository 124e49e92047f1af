import { describe, expect, it } from "vitest";
import { formatInZone, localTimeToUtc, utcToLocalInput } from "./time-zone";

describe("formatInZone", () => {
  it("shows the instant on the zone's clock, naming the zone", () => {
    expect(formatInZone(new Date("2026-12-04T00:00:00Z"), "America/New_York")).toBe(
      "Dec 3, 2026, 7:00 PM EST",
    );
  });
});

describe("localTimeToUtc", () => {
  it("reads a winter time in New York as UTC-5 and a summer one as UTC-4", () => {
    expect(localTimeToUtc("2026-12-03", "19:00", "America/New_York")?.toISOString()).toBe(
      "2026-12-04T00:00:00.000Z",
    );
    expect(localTimeToUtc("2026-07-01", "19:00", "America/New_York")?.toISOString()).toBe(
      "2026-07-01T23:00:00.000Z",
    );
  });

  it("handles zones ahead of UTC and UTC itself", () => {
    expect(localTimeToUtc("2026-12-03", "09:30", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-12-03T04:00:00.000Z",
    );
    expect(localTimeToUtc("2026-12-03", "09:30", "UTC")?.toISOString()).toBe(
      "2026-12-03T09:30:00.000Z",
    );
  });

  it("moves a time skipped by the spring change forward", () => {
    // 02:30 does not exist in New York on 2026-03-08; 03:30 EDT is 07:30Z.
    expect(localTimeToUtc("2026-03-08", "02:30", "America/New_York")?.toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
  });

  it("refuses dates and times that do not exist on any calendar", () => {
    expect(localTimeToUtc("2026-02-30", "10:00", "UTC")).toBeNull();
    expect(localTimeToUtc("2026-12-03", "24:00", "UTC")).toBeNull();
    expect(localTimeToUtc("03/12/2026", "10:00", "UTC")).toBeNull();
  });

  it("round-trips through the datetime-local value", () => {
    const at = localTimeToUtc("2026-11-01", "08:15", "America/New_York")!;
    expect(utcToLocalInput(at, "America/New_York")).toBe("2026-11-01T08:15");
  });
});
