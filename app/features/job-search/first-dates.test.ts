import { describe, expect, it } from "vitest";
import { firstDateColumn, firstDates, sentAt } from "./first-dates";
import { STAGES } from "./stages";

describe("firstDates", () => {
  it("is null for each stage never reached", () => {
    expect(firstDates([])).toEqual({
      first_applied_at: null,
      first_interview_at: null,
      first_offer_at: null,
    });
    expect(firstDates([{ at: "2026-11-10T12:00:00.000Z", to: "wishlist" }])).toEqual({
      first_applied_at: null,
      first_interview_at: null,
      first_offer_at: null,
    });
  });

  it("keeps the earliest move to Applied, Interview and Offer, in whatever order they come", () => {
    expect(
      firstDates([
        { at: "2026-11-20T12:00:00.000Z", to: "interview" },
        { at: "2026-11-09T12:00:00.000Z", to: "wishlist" },
        { at: "2026-11-10T12:00:00.000Z", to: "applied" },
        { at: "2026-11-12T12:00:00.000Z", to: "interview" },
        { at: "2026-11-25T12:00:00.000Z", to: "offer" },
        { at: "2026-11-26T12:00:00.000Z", to: "accepted" },
      ]),
    ).toEqual({
      first_applied_at: "2026-11-10T12:00:00.000Z",
      first_interview_at: "2026-11-12T12:00:00.000Z",
      first_offer_at: "2026-11-25T12:00:00.000Z",
    });
  });
});

describe("firstDateColumn", () => {
  it("names a column for Applied, Interview and Offer only", () => {
    expect(STAGES.filter((stage) => firstDateColumn(stage) !== null)).toEqual([
      "applied",
      "interview",
      "offer",
    ]);
    expect(firstDateColumn("offer")).toBe("first_offer_at");
  });
});

describe("sentAt", () => {
  const dates = (applied: string | null, interview: string | null, offer: string | null) => ({
    first_applied_at: applied,
    first_interview_at: interview,
    first_offer_at: offer,
  });

  it("is the first move to Applied when there is one", () => {
    expect(sentAt(dates("2026-11-10", "2026-11-05", null))).toBe("2026-11-10");
  });

  it("is the earlier of the first Interview and first Offer when Applied was skipped", () => {
    expect(sentAt(dates(null, "2026-11-12", "2026-11-20"))).toBe("2026-11-12");
    expect(sentAt(dates(null, "2026-11-22", "2026-11-20"))).toBe("2026-11-20");
    expect(sentAt(dates(null, null, "2026-11-20"))).toBe("2026-11-20");
    expect(sentAt(dates(null, "2026-11-12", null))).toBe("2026-11-12");
  });

  it("is null for an application never sent", () => {
    expect(sentAt(dates(null, null, null))).toBeNull();
  });
});
