import { describe, expect, it } from "vitest";
import {
  decideOutcome,
  notSuitedReason,
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
      why: "consulting_without_finance",
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
    ).toEqual({ kind: "not_suited", why: "no_finance_track" });
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

describe("notSuitedReason", () => {
  it("says consulting needs a finance track beside it whenever Consulting was ticked", () => {
    expect(notSuitedReason(["Consulting"])).toBe("consulting_without_finance");
    expect(notSuitedReason(["Consulting", "Other"])).toBe("consulting_without_finance");
    expect(notSuitedReason(["Other"])).toBe("no_finance_track");
    expect(notSuitedReason([])).toBe("no_finance_track");
  });

  it("never turns the finance-fit rule around: Consulting with a finance track qualifies", () => {
    const answers = { hoursPerWeek: "yes", readyToEnroll: "yes" } as const;
    expect(decideOutcome({ ...answers, careerTargets: ["Consulting", "Banking"] }, false)).toEqual(
      expect.objectContaining({ kind: "qualified" }),
    );
    expect(
      decideOutcome(
        { ...answers, careerTargets: ["Consulting", "Other"], careerOther: "graphic design" },
        false,
      ),
    ).toEqual({ kind: "not_suited", why: "consulting_without_finance" });
  });
});

describe("result keys", () => {
  it("round-trips every view and refuses anything else", () => {
    const views = [
      { kind: "not_suited", why: "no_finance_track" },
      { kind: "not_suited", why: "consulting_without_finance" },
      { kind: "has_questions" },
      { kind: "waitlist", variant: "cohort_full" },
      { kind: "waitlist", variant: "cannot_commit" },
      { kind: "waitlist", variant: "not_ready" },
      { kind: "waitlist", variant: "both" },
    ] as const;
    for (const view of views) expect(outcomeOfResultKey(resultKey(view))).toEqual(view);
    // The key written before reasons existed still shows the general message.
    expect(outcomeOfResultKey("not_suited")).toEqual({
      kind: "not_suited",
      why: "no_finance_track",
    });
    expect(resultKey({ kind: "not_suited", why: "consulting_without_finance" })).toBe(
      "not_suited_consulting",
    );
    expect(outcomeOfResultKey("qualified")).toBeNull();
    expect(outcomeOfResultKey("waitlist")).toBeNull();
    expect(outcomeOfResultKey(null)).toBeNull();
  });
});
