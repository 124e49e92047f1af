import { describe, expect, it } from "vitest";
import {
  currentYear,
  graduationYearInForce,
  graduationYearSettingRange,
  isGraduationYearSetting,
} from "./graduation-year";

describe("graduationYearInForce", () => {
  it("is the current year without a setting (the spec's rule)", () => {
    expect(graduationYearInForce(null, 2026)).toBe(2026);
  });

  it("is the setting when there is one, earlier or later than the current year", () => {
    expect(graduationYearInForce(2024, 2026)).toBe(2024);
    expect(graduationYearInForce(2027, 2026)).toBe(2027);
  });
});

describe("currentYear", () => {
  it("counts the year in UTC, whatever the server's time zone", () => {
    expect(currentYear(new Date("2026-12-31T23:59:59Z"))).toBe(2026);
    expect(currentYear(new Date("2027-01-01T00:00:00Z"))).toBe(2027);
    expect(currentYear(new Date("2026-12-31T23:30:00-05:00"))).toBe(2027);
  });
});

describe("the setting's years", () => {
  it("run from 1950 to ten years past the current one", () => {
    expect(graduationYearSettingRange(2026)).toEqual({ min: 1950, max: 2036 });
  });

  it.each(["1950", "2025", "2026", "2036"])("accepts %j", (value) => {
    expect(isGraduationYearSetting(value, 2026)).toBe(true);
  });

  it.each(["1949", "2037", "26", "20261", "2026.0", "-2026", "abcd", ""])("refuses %j", (value) => {
    expect(isGraduationYearSetting(value, 2026)).toBe(false);
  });
});
