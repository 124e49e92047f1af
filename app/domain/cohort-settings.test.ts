import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cohortSettingsSchema, cohortState, MAX_CAPACITY } from "./cohort-settings";

function parse(fields: [string, string][]) {
  const formData = new FormData();
  for (const [key, value] of fields) formData.append(key, value);
  return parseWithZod(formData, { schema: cohortSettingsSchema, disableAutoCoercion: true });
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
});

describe("cohortState", () => {
  const base = { startDate: null, capacity: 10, enrolledCount: 3, isActive: true };
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
