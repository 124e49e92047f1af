import { describe, expect, it } from "vitest";
import { MAX_ROUND, moveRefusal, nextStages, STAGES, suggestedRound, type Stage } from "./stages";

const at = (stage: Stage, round: number | null = null) => ({ stage, round });

describe("nextStages", () => {
  it("walks the pipeline forward, skipping steps, and closes from any open stage", () => {
    expect(nextStages("wishlist")).toEqual([
      "applied",
      "interview",
      "offer",
      "rejected",
      "withdrawn",
      "ghosted",
    ]);
    expect(nextStages("applied")).toEqual([
      "interview",
      "offer",
      "rejected",
      "withdrawn",
      "ghosted",
    ]);
    expect(nextStages("interview")).toEqual([
      "interview",
      "offer",
      "rejected",
      "withdrawn",
      "ghosted",
    ]);
    expect(nextStages("offer")).toEqual([
      "accepted",
      "declined",
      "rejected",
      "withdrawn",
      "ghosted",
    ]);
  });

  it("ends at Accepted, Declined, Rejected and Withdrawn; a ghosted one may come back", () => {
    for (const end of ["accepted", "declined", "rejected", "withdrawn"] as const)
      expect(nextStages(end)).toEqual([]);
    expect(nextStages("ghosted")).toEqual(["interview", "offer", "rejected"]);
  });

  it("never goes back to Wishlist or Applied", () => {
    for (const stage of STAGES) {
      expect(nextStages(stage)).not.toContain("wishlist");
      if (stage !== "wishlist") expect(nextStages(stage)).not.toContain("applied");
    }
  });
});

describe("moveRefusal", () => {
  it("allows the moves nextStages offers, and no other", () => {
    for (const from of STAGES)
      for (const to of STAGES) {
        const round = to === "interview" ? suggestedRound(at(from, 1)) : null;
        const allowed = nextStages(from).includes(to);
        expect(moveRefusal(at(from, from === "interview" ? 1 : null), at(to, round))).toBe(
          allowed ? null : "not_allowed",
        );
      }
  });

  it("needs a round from 1 to MAX_ROUND for Interview, and none for other stages", () => {
    expect(moveRefusal(at("applied"), at("interview", 1))).toBeNull();
    expect(moveRefusal(at("applied"), at("interview", null))).toBe("round");
    expect(moveRefusal(at("applied"), at("interview", 0))).toBe("round");
    expect(moveRefusal(at("applied"), at("interview", MAX_ROUND + 1))).toBe("round");
    expect(moveRefusal(at("applied"), at("interview", 1.5))).toBe("round");
    expect(moveRefusal(at("applied"), at("offer", 2))).toBe("round");
  });

  it("moves an interview only to a later round", () => {
    expect(moveRefusal(at("interview", 2), at("interview", 3))).toBeNull();
    expect(moveRefusal(at("interview", 2), at("interview", 2))).toBe("round");
    expect(moveRefusal(at("interview", 2), at("interview", 1))).toBe("round");
    expect(moveRefusal(at("ghosted"), at("interview", 1))).toBeNull();
  });
});

describe("suggestedRound", () => {
  it("is the next round while interviewing, else the first, never past the last", () => {
    expect(suggestedRound(at("applied"))).toBe(1);
    expect(suggestedRound(at("interview", 2))).toBe(3);
    expect(suggestedRound(at("interview", MAX_ROUND))).toBe(MAX_ROUND);
  });
});
