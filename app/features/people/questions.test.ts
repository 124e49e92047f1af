import { describe, expect, it } from "vitest";
import { isReplyOverdue, questionOf } from "./questions";

describe("an applicant's question", () => {
  it("is the trimmed hasQuestions answer, or '' when there is none", () => {
    expect(questionOf({ hasQuestions: "  Is there a payment plan?\n" })).toBe(
      "Is there a payment plan?",
    );
    expect(questionOf({ hasQuestions: "" })).toBe("");
    expect(questionOf({ hasQuestions: 3 })).toBe("");
    expect(questionOf({})).toBe("");
  });

  it("is overdue from 24 hours after it was asked", () => {
    const asked = new Date("2026-11-24T12:00:00Z");
    expect(isReplyOverdue(asked, new Date("2026-11-25T11:59:59Z"))).toBe(false);
    expect(isReplyOverdue(asked, new Date("2026-11-25T12:00:00Z"))).toBe(true);
  });
});
