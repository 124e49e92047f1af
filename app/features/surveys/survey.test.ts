import { describe, expect, it } from "vitest";
import {
  reminderCutoff,
  SURVEY_TEXT_MAX,
  surveyAnswerSchema,
  surveyDueAt,
  surveyOpen,
} from "./survey";

const NY = "America/New_York";
/** Starts Wednesday 2027-01-13: week 1 is from Monday 2027-01-11, week 6 from 2027-02-15. */
const START = "2027-01-13";
/** The Monday after week 6, 00:00 in New York (EST, UTC-5). */
const DUE = "2027-02-22T05:00:00.000Z";

describe("when the survey goes out", () => {
  it("is due when week 6 ends: the Monday after it, midnight in the site's zone", () => {
    expect(surveyDueAt(START, NY)?.toISOString()).toBe(DUE);
    expect(surveyDueAt(START, "UTC")?.toISOString()).toBe("2027-02-22T00:00:00.000Z");
    expect(surveyDueAt(null, NY)).toBeNull();
  });

  it("goes out from then, for 14 days only", () => {
    const at = (ms: number) => new Date(Date.parse(DUE) + ms);
    expect(surveyOpen(START, at(-1), NY)).toBe(false);
    expect(surveyOpen(START, at(0), NY)).toBe(true);
    expect(surveyOpen(START, at(13 * 86_400_000), NY)).toBe(true);
    expect(surveyOpen(START, at(14 * 86_400_000), NY)).toBe(false);
    expect(surveyOpen(null, at(0), NY)).toBe(false);
  });

  it("reminds surveys sent 3 days ago or earlier", () => {
    expect(reminderCutoff(new Date("2027-02-25T05:00:00.000Z"))).toBe(DUE);
  });
});

describe("the answer form", () => {
  const parse = (fields: Record<string, unknown>) => surveyAnswerSchema.safeParse(fields);

  it("takes a score from 0 to 10 and two optional texts", () => {
    expect(parse({ score: "0" }).data).toEqual({ score: 0, helped: null, change: null });
    expect(parse({ score: "10", helped: " The mock interviews ", change: "" }).data).toEqual({
      score: 10,
      helped: "The mock interviews",
      change: null,
    });
  });

  it("keeps the texts as other long texts: CRLF as LF, trimmed", () => {
    expect(
      parse({ score: "8", helped: "\r\n  Mocks\r\nand 1-on-1s\r\n", change: " \r\n " }).data,
    ).toEqual({ score: 8, helped: "Mocks\nand 1-on-1s", change: null });
    // The limit counts what is kept: 1,499 characters with CRLF are 1,000 with LF.
    const crlf = Array.from({ length: SURVEY_TEXT_MAX / 2 }, () => "x").join("\r\n") + "x";
    expect(parse({ score: "5", helped: crlf }).success).toBe(true);
  });

  it("refuses a score outside 0-10, or none", () => {
    for (const score of [undefined, "", "11", "-1", "7.5", "seven"])
      expect(parse({ score }).error?.issues[0]?.message).toBe("Choose a number from 0 to 10");
  });

  it("refuses texts over 1,000 characters", () => {
    const long = "x".repeat(SURVEY_TEXT_MAX + 1);
    expect(parse({ score: "5", helped: long }).success).toBe(false);
    expect(parse({ score: "5", change: long }).error?.issues[0]?.message).toBe(
      "Keep it under 1,000 characters",
    );
    expect(parse({ score: "5", change: "x".repeat(SURVEY_TEXT_MAX) }).success).toBe(true);
  });
});
