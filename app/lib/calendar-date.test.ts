import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isCalendarDate } from "./calendar-date";

describe("isCalendarDate", () => {
  it("takes real dates only, in YYYY-MM-DD", () => {
    expect(isCalendarDate("2027-02-28")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2027-13-01")).toBe(false);
    expect(isCalendarDate("27-02-01")).toBe(false);
    expect(isCalendarDate("2027-2-1")).toBe(false);
    expect(isCalendarDate("2027-02-01T00:00")).toBe(false);
    expect(isCalendarDate("")).toBe(false);
  });
});

describe("addDays and daysBetween", () => {
  it("count calendar days, across months, leap days and daylight-saving changes alike", () => {
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-03-14", -1)).toBe("2027-03-13");
    expect(addDays("2026-11-01", 7)).toBe("2026-11-08");
    expect(daysBetween("2027-03-13", "2027-03-15")).toBe(2);
    expect(daysBetween("2027-03-15", "2027-03-13")).toBe(-2);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
  });
});
