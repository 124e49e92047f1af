import { describe, expect, it } from "vitest";
import {
  age,
  dateInZone,
  formatDated,
  formatTimeOfDay,
  formatWhen,
  localTimeToUtc,
  utcToLocalInput,
} from "./time-zone";

describe("formatTimeOfDay", () => {
  it("shows the zone's clock in US format, with the zone's name in force then", () => {
    expect(formatTimeOfDay(new Date("2026-12-04T00:00:00Z"), "America/New_York")).toBe(
      formatWhen(new Date("2026-12-04T00:00:00Z"), "America/New_York").split(", ").at(-1),
    );
    expect(formatTimeOfDay(new Date("2026-12-04T00:00:00Z"), "America/New_York")).toMatch(
      /^7:00\sPM EST$/,
    );
    expect(formatTimeOfDay(new Date("2026-07-09T23:00:00Z"), "America/New_York")).toMatch(
      /^7:00\sPM EDT$/,
    );
    expect(formatTimeOfDay(new Date("2026-07-09T17:30:00Z"), "America/Los_Angeles")).toMatch(
      /^10:30\sAM PDT$/,
    );
  });
});

describe("formatDated", () => {
  it("always prints the year, and names the zone twice", () => {
    const at = new Date("2026-11-29T21:30:00Z");
    expect(formatDated(at, "America/New_York")).toMatch(
      /^Sun, Nov 29, 2026, 4:30\sPM EST \(America\/New_York\)$/,
    );
    expect(formatDated(at, "Europe/London")).toMatch(
      /^Sun, Nov 29, 2026, 9:30\sPM GMT \(Europe\/London\)$/,
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

  it("reads a time that happens twice (clocks go back) as the earlier one", () => {
    // 01:30 happens twice in New York on 2026-11-01: first at EDT (05:30Z), then at EST (06:30Z).
    expect(localTimeToUtc("2026-11-01", "01:30", "America/New_York")?.toISOString()).toBe(
      "2026-11-01T05:30:00.000Z",
    );
    // London's autumn change, the same rule: 01:30 BST (00:30Z), not 01:30 GMT.
    expect(localTimeToUtc("2026-10-25", "01:30", "Europe/London")?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("gives the zone's calendar date either side of midnight and of a clock change", () => {
    expect(dateInZone(new Date("2026-03-08T04:59:00Z"), "America/New_York")).toBe("2026-03-07");
    expect(dateInZone(new Date("2026-03-08T05:00:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(dateInZone(new Date("2026-03-29T23:30:00Z"), "Europe/London")).toBe("2026-03-30");
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

describe("formatWhen and age: times as people read them", () => {
  const zone = "America/New_York";
  it("names the zone, in US format, on both sides of a daylight-saving change", () => {
    // 2026-11-01 is the end of daylight saving time in New York (2:00 EDT -> 1:00 EST).
    expect(formatWhen(new Date("2026-10-31T20:52:00Z"), zone)).toBe("Sat, Oct 31, 4:52 PM EDT");
    expect(formatWhen(new Date("2026-11-27T21:52:00Z"), zone)).toBe("Fri, Nov 27, 4:52 PM EST");
  });
  it("adds the year when it is not this year", () => {
    const now = new Date("2027-01-05T12:00:00Z");
    expect(formatWhen(new Date("2026-12-31T23:30:00Z"), zone, now)).toBe(
      "Thu, Dec 31, 2026, 6:30 PM EST",
    );
    expect(formatWhen(new Date("2027-01-02T15:00:00Z"), zone, now)).toBe(
      "Sat, Jan 2, 10:00 AM EST",
    );
  });
  it("says an age in its largest whole unit", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(age(new Date("2026-11-25T11:59:00Z"), now)).toBe("1 minute");
    expect(age(new Date("2026-11-25T09:00:00Z"), now)).toBe("3 hours");
    expect(age(new Date("2026-11-24T11:00:00Z"), now)).toBe("25 hours");
    expect(age(new Date("2026-11-22T12:00:00Z"), now)).toBe("3 days");
  });
});
