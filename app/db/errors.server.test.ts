import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./errors.server";

describe("isUniqueViolation", () => {
  it("knows a unique index's refusal on both engines, and nothing else", () => {
    expect(isUniqueViolation({ code: "23505", message: "duplicate key value" })).toBe(true);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: bookings.person_id"))).toBe(true);
    expect(isUniqueViolation({ code: "23503", message: "foreign key" })).toBe(false);
    expect(isUniqueViolation(new Error("FOREIGN KEY constraint failed"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
