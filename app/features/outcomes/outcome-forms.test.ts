import { describe, expect, it } from "vitest";
import { COMPENSATION_MAX, deepDiveSchema, interviewsFormSchema } from "./outcome-forms";
import { mentorStudentSchema } from "~/features/mentors/mentor-forms";

const schema = interviewsFormSchema("2027-01-10");
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.path.join("."));
};

describe("reporting an interview", () => {
  it("takes a firm, a role and a date within a year", () => {
    expect(
      schema.parse({
        intent: "interview",
        firm: "  Goldman   Sachs ",
        role: "Analyst",
        date: "2027-02-01",
      }),
    ).toEqual({ intent: "interview", firm: "Goldman Sachs", role: "Analyst", date: "2027-02-01" });
    expect(errorsOf({ intent: "interview", firm: "", role: "", date: "2027-02-30" })).toEqual([
      "firm",
      "role",
      "date",
    ]);
    expect(errorsOf({ intent: "interview", firm: "A", role: "B", date: "2029-01-01" })).toEqual([
      "date",
    ]);
    expect(
      errorsOf({ intent: "interview", firm: "x".repeat(101), role: "B", date: "2027-01-10" }),
    ).toEqual(["firm"]);
  });
});

describe("reporting an offer", () => {
  const offer = {
    intent: "offer",
    firm: "JPMorgan",
    role: "Analyst",
    track: "Banking",
    kind: "full_time",
  };

  it("takes a finance track or other, internship or full-time; start and compensation optional", () => {
    expect(schema.parse({ ...offer, startDate: "", compensation: "  " })).toEqual({
      ...offer,
      startDate: undefined,
      compensation: undefined,
    });
    expect(
      schema.parse({ ...offer, track: "other", startDate: "2027-07-01", compensation: "$90k" }),
    ).toMatchObject({
      track: "other",
      startDate: "2027-07-01",
      compensation: "$90k",
    });
    expect(errorsOf({ ...offer, track: "Other" })).toEqual(["track"]);
    expect(errorsOf({ ...offer, track: "Astronaut", kind: "part_time" })).toEqual([
      "track",
      "kind",
    ]);
    expect(errorsOf({ ...offer, startDate: "2031-01-01" })).toEqual(["startDate"]);
    expect(errorsOf({ ...offer, compensation: "x".repeat(COMPENSATION_MAX + 1) })).toEqual([
      "compensation",
    ]);
    expect(schema.parse({ ...offer, compensation: "x".repeat(COMPENSATION_MAX) })).toBeTruthy();
  });
});

describe("the deep-dive and the mentor's forms", () => {
  it("book, move and cancel by intent; a slot is a UTC instant", () => {
    expect(
      deepDiveSchema.safeParse({
        intent: "book",
        interviewId: "i",
        slot: "2027-01-12T15:00:00.000Z",
      }).success,
    ).toBe(true);
    expect(
      deepDiveSchema.safeParse({ intent: "book", interviewId: "i", slot: "tomorrow" }).success,
    ).toBe(false);
    expect(deepDiveSchema.safeParse({ intent: "cancel", bookingId: "" }).success).toBe(false);
    expect(mentorStudentSchema.parse({ intent: "confirm_offer", offerId: "o" })).toEqual({
      intent: "confirm_offer",
      offerId: "o",
    });
    expect(mentorStudentSchema.parse({ intent: "note", body: "Hi" })).toMatchObject({
      intent: "note",
    });
  });
});
