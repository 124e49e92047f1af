import { describe, expect, it } from "vitest";
import { describeLivestreamTime, livestreamSlot, nextLivestream } from "./livestream";
import { dateInZone, zonedTimeToUtc } from "~/lib/time-zone";

const NY = "America/New_York";

describe("zonedTimeToUtc", () => {
  it("reads a winter evening in New York as UTC-5 (standard time)", () => {
    expect(zonedTimeToUtc("2026-12-03", "19:00", NY).toISOString()).toBe(
      "2026-12-04T00:00:00.000Z",
    );
  });

  it("reads a summer evening in New York as UTC-4 (daylight saving time)", () => {
    expect(zonedTimeToUtc("2026-07-09", "19:00", NY).toISOString()).toBe(
      "2026-07-09T23:00:00.000Z",
    );
  });

  it("uses the new offset on the days the clocks change", () => {
    // 2026: DST starts March 8, ends November 1 in the United States.
    expect(zonedTimeToUtc("2026-03-08", "19:00", NY).toISOString()).toBe(
      "2026-03-08T23:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-11-01", "19:00", NY).toISOString()).toBe(
      "2026-11-02T00:00:00.000Z",
    );
  });

  it("moves a time the spring change skips forward, and takes the first of a repeated time", () => {
    expect(zonedTimeToUtc("2026-03-08", "02:30", NY).toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-11-01", "01:30", NY).toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
  });

  it("handles zones east of UTC, zones without DST and half-hour offsets", () => {
    expect(zonedTimeToUtc("2026-07-09", "19:00", "Europe/Berlin").toISOString()).toBe(
      "2026-07-09T17:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-09", "19:00", "UTC").toISOString()).toBe(
      "2026-07-09T19:00:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-09", "19:00", "Asia/Kolkata").toISOString()).toBe(
      "2026-07-09T13:30:00.000Z",
    );
    // Across the date line: Auckland's evening is the same morning in UTC.
    expect(zonedTimeToUtc("2027-01-12", "08:00", "Pacific/Auckland").toISOString()).toBe(
      "2027-01-11T19:00:00.000Z",
    );
  });
});

describe("livestreamSlot", () => {
  it("lasts an hour from the start", () => {
    const slot = livestreamSlot("2026-12-03", "19:00", NY);
    expect(slot.start.toISOString()).toBe("2026-12-04T00:00:00.000Z");
    expect(slot.end.toISOString()).toBe("2026-12-04T01:00:00.000Z");
  });
});

describe("nextLivestream", () => {
  const at = (iso: string) => new Date(iso);
  it("is the soonest booked stream that has not ended", () => {
    const dates = ["2026-12-10", "2026-12-03"];
    // Dec 3, 7 PM in New York is Dec 4, 00:00 UTC; the stream lasts an hour.
    expect(nextLivestream(dates, "19:00", NY, at("2026-12-03T12:00:00Z"))?.start).toEqual(
      at("2026-12-04T00:00:00Z"),
    );
    // Still on air at 7:30 PM: that is the stream to watch.
    expect(nextLivestream(dates, "19:00", NY, at("2026-12-04T00:30:00Z"))?.start).toEqual(
      at("2026-12-04T00:00:00Z"),
    );
    // Over at 8 PM: the next one.
    expect(nextLivestream(dates, "19:00", NY, at("2026-12-04T01:00:00Z"))?.start).toEqual(
      at("2026-12-11T00:00:00Z"),
    );
  });

  it("is null when nothing is booked ahead", () => {
    expect(nextLivestream([], "19:00", NY, at("2026-12-03T12:00:00Z"))).toBeNull();
    expect(nextLivestream(["2026-12-03"], "19:00", NY, at("2026-12-05T00:00:00Z"))).toBeNull();
  });
});

describe("describeLivestreamTime", () => {
  it("names the zone as it is on that date, and its id", () => {
    expect(describeLivestreamTime(new Date("2026-12-04T00:00:00Z"), NY)).toBe(
      "Thursday, December 3, 2026 at 7:00 PM Eastern Standard Time (America/New_York)",
    );
    expect(describeLivestreamTime(new Date("2026-07-09T23:00:00Z"), NY)).toBe(
      "Thursday, July 9, 2026 at 7:00 PM Eastern Daylight Time (America/New_York)",
    );
  });
});

describe("dateInZone", () => {
  it("is the local date, not the UTC one", () => {
    expect(dateInZone(new Date("2026-12-04T03:00:00Z"), NY)).toBe("2026-12-03");
    expect(dateInZone(new Date("2026-12-04T05:00:00Z"), NY)).toBe("2026-12-04");
  });
});
