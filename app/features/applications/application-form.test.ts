import { describe, expect, it } from "vitest";
import { qualifiedAnswers } from "../../../tests/support/application";
import { applicationFormData, applicationSchema } from "./application-form";

// The posted form, with the spacing and capitals people type.
const valid = {
  ...qualifiedAnswers,
  firstName: " Ada ",
  email: " Ada@Example.COM ",
  motivation: "I love markets",
};
const schema = applicationSchema(2026);

function errorsOf(input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("applicationSchema", () => {
  it("accepts a complete application and normalises it", () => {
    const result = schema.parse(valid);
    expect(result.email).toBe("ada@example.com");
    expect(result.firstName).toBe("Ada");
  });

  it.each(["2025", "26", "20277", "abcd", "", " 2026x"])(
    "refuses graduation year %j with the spec message",
    (year) => {
      expect(errorsOf({ ...valid, graduationYear: year }).graduationYear).toBe(
        "Please enter a valid year (2026 or later)",
      );
    },
  );

  it("accepts the current year", () => {
    expect(errorsOf({ ...valid, graduationYear: "2026" })).toEqual({});
  });

  it("takes the year in force: an earlier one accepts recent graduates and names itself", () => {
    const recent = applicationSchema(2025);
    expect(recent.safeParse({ ...valid, graduationYear: "2025" }).success).toBe(true);
    const refused = recent.safeParse({ ...valid, graduationYear: "2024" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter a valid year (2025 or later)",
    ]);
  });

  it("requires every required field", () => {
    const errors = errorsOf({});
    for (const field of [
      "firstName",
      "lastName",
      "email",
      "university",
      "graduationYear",
      "careerTargets",
      "hoursPerWeek",
      "readyToEnroll",
      "heardFrom",
      "challenge",
      "motivation",
    ]) {
      expect(errors[field], field).toBeTruthy();
    }
  });

  it("asks for the conditional details", () => {
    expect(errorsOf({ ...valid, careerTargets: ["Other"] }).careerOther).toBe(
      "Please specify your career target",
    );
    expect(errorsOf({ ...valid, heardFrom: "referral" }).referralName).toBe(
      "Please tell us who referred you",
    );
    expect(errorsOf({ ...valid, heardFrom: "other" }).otherSource).toBe(
      "Please specify where you heard about us",
    );
  });

  it("refuses unknown options and bad emails", () => {
    expect(
      errorsOf({ ...valid, careerTargets: ["Astronaut"] }).careerTargets ??
        errorsOf({ ...valid, careerTargets: ["Astronaut"] })["careerTargets.0"],
    ).toBeTruthy();
    expect(errorsOf({ ...valid, hoursPerWeek: "maybe" }).hoursPerWeek).toBeTruthy();
    expect(errorsOf({ ...valid, email: "not-an-email" }).email).toBe(
      "Please enter a valid email address",
    );
  });
});

describe("applicationFormData", () => {
  it("adds leadSourceDetails for referrals and other sources", () => {
    const referral = applicationFormData(
      schema.parse({ ...valid, heardFrom: "referral", referralName: "Sam" }),
    );
    expect(referral.leadSourceDetails).toEqual({ referralName: "Sam" });
    const other = applicationFormData(
      schema.parse({ ...valid, heardFrom: "other", otherSource: "Podcast" }),
    );
    expect(other.leadSourceDetails).toEqual({ otherSource: "Podcast" });
    const youtube = applicationFormData(schema.parse({ ...valid, referralName: "stale" }));
    expect(youtube.leadSourceDetails).toBeUndefined();
    expect(youtube.referralName).toBe("");
  });
});
