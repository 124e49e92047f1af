import { describe, expect, it } from "vitest";
import { eventTense } from "./event-tense";

describe("eventTense", () => {
  const start = new Date("2027-03-09T23:00:00Z");
  const before = new Date("2027-03-09T22:59:59Z");
  const after = new Date("2027-03-10T00:30:00Z");

  it("is upcoming only while the start is ahead, even a minute before", () => {
    expect(eventTense({ start, cancelled: false }, before)).toBe("upcoming");
    expect(eventTense({ start, cancelled: false }, start)).toBe("held");
  });

  it("reads in the past once started: held, or missed for a no-show", () => {
    expect(eventTense({ start, cancelled: false }, after)).toBe("held");
    expect(eventTense({ start, cancelled: false, outcome: "held" }, after)).toBe("held");
    expect(eventTense({ start, cancelled: false, outcome: "student_no_show" }, after)).toBe(
      "missed",
    );
    expect(eventTense({ start, cancelled: false, outcome: "mentor_no_show" }, after)).toBe(
      "missed",
    );
  });

  it("is canceled before and after its time", () => {
    expect(eventTense({ start, cancelled: true }, before)).toBe("canceled");
    expect(eventTense({ start, cancelled: true }, after)).toBe("canceled");
  });
});
