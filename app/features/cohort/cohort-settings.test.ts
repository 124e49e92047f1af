import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cohortSettingsSchema, cohortState, MAX_CAPACITY } from "./cohort-settings";

function parse(fields: [string, string][]) {
  const formData = new FormData();
  for (const [key, value] of fields) formData.append(key, value);
  return parseWithZod(formData, { schema: cohortSettingsSchema(2026), disableAutoCoercion: true });
}

describe("cohort settings form", () => {
  it("reads a full form: date, whole capacity, ticked box after the hidden off", () => {
    const submission = parse([
      ["intent", "save"],
      ["startDate", "2027-01-13"],
      ["capacity", " 12 "],
      ["isActive", "off"],
      ["isActive", "on"],
    ]);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      startDate: "2027-01-13",
      capacity: 12,
      isActive: true,
    });
  });

  it("reads an unticked box and an emptied date as 'no date'", () => {
    const submission = parse([
      ["startDate", ""],
      ["capacity", "0"],
      ["isActive", "off"],
    ]);
    expect(submission.status === "success" && submission.value).toEqual({
      startDate: null,
      capacity: 0,
      isActive: false,
    });
  });

  it("leaves out fields that were not sent (partial merge)", () => {
    const submission = parse([["capacity", "4"]]);
    expect(submission.status === "success" && submission.value).toEqual({ capacity: 4 });
    const empty = parse([]);
    expect(empty.status === "success" && empty.value).toEqual({});
  });

  it.each(["-1", "1.5", "abc", "", "1e3", "0x10", " "])("refuses capacity %j", (capacity) => {
    const submission = parse([["capacity", capacity]]);
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.capacity).toEqual(["Please enter a whole number, 0 or more"]);
  });

  it("refuses a capacity above the maximum", () => {
    const submission = parse([["capacity", String(MAX_CAPACITY + 1)]]);
    expect(submission.reply().error?.capacity).toEqual([
      `Please enter a capacity of at most ${MAX_CAPACITY}`,
    ]);
    expect(parse([["capacity", String(MAX_CAPACITY)]]).status).toBe("success");
  });

  it.each(["2027-02-30", "2027-13-01", "13/01/2027", "2027-1-3", "tomorrow"])(
    "refuses start date %j",
    (startDate) => {
      const submission = parse([["startDate", startDate]]);
      expect(submission.reply().error?.startDate).toEqual([
        "Please enter a valid date (YYYY-MM-DD) or leave it empty",
      ]);
    },
  );

  it("refuses an active value other than on/off", () => {
    expect(parse([["isActive", "yes"]]).status).toBe("error");
  });

  it("reads the earliest graduation year as a number, and an emptied one as 'the current year'", () => {
    const year = parse([["earliestGraduationYear", " 2025 "]]);
    expect(year.status === "success" && year.value).toEqual({ earliestGraduationYear: 2025 });
    const emptied = parse([["earliestGraduationYear", ""]]);
    expect(emptied.status === "success" && emptied.value).toEqual({
      earliestGraduationYear: null,
    });
    for (const edge of ["1950", "2036"]) {
      expect(parse([["earliestGraduationYear", edge]]).status).toBe("success");
    }
  });

  it.each(["1949", "2037", "25", "20251", "2025.0", "last year"])(
    "refuses earliest graduation year %j, naming the years it takes",
    (earliestGraduationYear) => {
      const submission = parse([["earliestGraduationYear", earliestGraduationYear]]);
      expect(submission.reply().error?.earliestGraduationYear).toEqual([
        "Please enter a year from 1950 to 2036, or leave it empty for the current year",
      ]);
    },
  );
});

describe("cohortState", () => {
  const base = {
    startDate: null,
    capacity: 10,
    enrolledCount: 3,
    isActive: true,
    earliestGraduationYear: null,
  };
  it("is active while spots are left", () => {
    expect(cohortState(base)).toBe("active");
  });
  it("is full when no spot is left (or fewer than none)", () => {
    expect(cohortState({ ...base, enrolledCount: 10 })).toBe("full");
    expect(cohortState({ ...base, capacity: 2 })).toBe("full");
  });
  it("is inactive whenever enrollment is closed, even if full", () => {
    expect(cohortState({ ...base, isActive: false })).toBe("inactive");
    expect(cohortState({ ...base, enrolledCount: 10, isActive: false })).toBe("inactive");
  });
});
