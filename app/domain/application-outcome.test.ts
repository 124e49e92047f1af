import { describe, expect, it } from "vitest";
import {
  decideOutcome,
  outcomeOfResultKey,
  resultKey,
  type OutcomeInput,
} from "./application-outcome";

const fit = { careerTargets: ["Banking"] } as const;

describe("decideOutcome", () => {
  it.each<
    [
      OutcomeInput["hoursPerWeek"],
      OutcomeInput["readyToEnroll"],
      boolean,
      string,
      string | undefined,
      string | undefined,
    ]
  >([
    ["yes", "yes", false, "qualified", "qualified applicant ready to start", undefined],
    ["yes", "yes", true, "waitlist", "cohort is full", "cohort_full"],
    [
      "yes",
      "questions",
      false,
      "has_questions",
      "applicant has questions before proceeding",
      undefined,
    ],
    [
      "yes",
      "questions",
      true,
      "has_questions",
      "applicant has questions before proceeding",
      undefined,
    ],
    ["yes", "no", false, "waitlist", "not ready to enroll", "not_ready"],
    ["no", "yes", false, "waitlist", "cannot commit required time", "cannot_commit"],
    ["no", "questions", false, "waitlist", "cannot commit required time", "cannot_commit"],
    ["no", "no", false, "waitlist", "cannot commit required time", "both"],
    ["no", "no", true, "waitlist", "cannot commit required time", "both"],
  ])(
    "hours %s, ready %s, full %s → %s",
    (hoursPerWeek, readyToEnroll, full, kind, reason, variant) => {
      const outcome = decideOutcome({ ...fit, hoursPerWeek, readyToEnroll }, full);
      expect(outcome.kind).toBe(kind);
      expect("reason" in outcome ? outcome.reason : undefined).toBe(reason);
      expect("variant" in outcome ? outcome.variant : undefined).toBe(variant);
    },
  );

  it("finds applicants not suited before anything else", () => {
    expect(
      decideOutcome(
        { careerTargets: ["Consulting"], hoursPerWeek: "yes", readyToEnroll: "yes" },
        false,
      ),
    ).toEqual({
      kind: "not_suited",
    });
    expect(
      decideOutcome(
        {
          careerTargets: ["Other"],
          careerOther: "graphic design",
          hoursPerWeek: "no",
          readyToEnroll: "no",
        },
        true,
      ),
    ).toEqual({ kind: "not_suited" });
  });

  it("accepts a finance Other text", () => {
    const outcome = decideOutcome(
      {
        careerTargets: ["Consulting", "Other"],
        careerOther: "equity research",
        hoursPerWeek: "yes",
        readyToEnroll: "yes",
      },
      false,
    );
    expect(outcome.kind).toBe("qualified");
  });
});

describe("result keys", () => {
  it("round-trips every view and refuses anything else", () => {
    const views = [
      { kind: "not_suited" },
      { kind: "has_questions" },
      { kind: "waitlist", variant: "cohort_full" },
      { kind: "waitlist", variant: "cannot_commit" },
      { kind: "waitlist", variant: "not_ready" },
      { kind: "waitlist", variant: "both" },
    ] as const;
    for (const view of views) expect(outcomeOfResultKey(resultKey(view))).toEqual(view);
    expect(outcomeOfResultKey("qualified")).toBeNull();
    expect(outcomeOfResultKey("waitlist")).toBeNull();
    expect(outcomeOfResultKey(null)).toBeNull();
  });
});
