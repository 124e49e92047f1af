import { describe, expect, it } from "vitest";
import {
  lastFullRefundDate,
  refundRuleOn,
  followedProgramme,
  proposeRefund,
  weeksEndedBy,
  type FollowedSoFar,
} from "./refund-rule";

describe("the refund rule", () => {
  // A cohort starting Tuesday 2027-01-12: week 1 is Mon 11 .. Sun 17, week 2 ends Sun 24.
  const start = "2027-01-12";

  it("ends full refunds on the Sunday that closes week 2", () => {
    expect(lastFullRefundDate(start)).toBe("2027-01-24");
  });

  it("refunds in full before the start and through week 2", () => {
    expect(refundRuleOn(start, "2027-01-01")).toBe("full_refund");
    expect(refundRuleOn(start, "2027-01-11")).toBe("full_refund");
    expect(refundRuleOn(start, "2027-01-24")).toBe("full_refund");
    expect(refundRuleOn(null, "2027-01-24")).toBe("full_refund");
  });

  it("leaves it to the owner from week 3 on, and after the programme", () => {
    expect(refundRuleOn(start, "2027-01-25")).toBe("owner_decides");
    expect(refundRuleOn(start, "2027-02-28")).toBe("owner_decides");
  });
});

describe("the refund the policy proposes to the owner", () => {
  const soFar = (over: Partial<FollowedSoFar> = {}): FollowedSoFar => ({
    sessionsHeld: 4,
    sessionsAttended: 4,
    oneOnOnesOwed: 4,
    oneOnOnesHeld: 4,
    weeksEnded: 4,
    ...over,
  });

  it("owes a 1-on-1 for each programme week ended", () => {
    // Starts Tuesday 2027-01-12: week 1 is Mon 11 .. Sun 17.
    expect(weeksEndedBy("2027-01-12", "2027-01-10")).toBe(0);
    expect(weeksEndedBy("2027-01-12", "2027-01-17")).toBe(0);
    expect(weeksEndedBy("2027-01-12", "2027-01-18")).toBe(1);
    expect(weeksEndedBy("2027-01-12", "2027-02-21")).toBe(5);
    expect(weeksEndedBy("2027-01-12", "2027-02-22")).toBe(6);
    expect(weeksEndedBy(null, "2027-02-22")).toBe(0);
  });

  it("gives the whole payment under the full-refund rule, whatever the attendance", () => {
    expect(proposeRefund("full_refund", 64_900, soFar({ sessionsAttended: 0 }))).toMatchObject({
      cents: 64_900,
      reason: "full_refund",
    });
  });

  it("gives the promise's full refund only to a student who followed the program", () => {
    expect(proposeRefund("promise_review", 64_900, soFar())).toMatchObject({
      cents: 64_900,
      reason: "followed",
    });
    expect(followedProgramme(soFar({ oneOnOnesHeld: 3 }))).toBe(false);
    expect(proposeRefund("promise_review", 64_900, soFar({ sessionsAttended: 3 }))).toMatchObject({
      cents: 0,
      reason: "not_followed",
    });
  });

  it("starts a case-by-case refund from the weeks not yet ended", () => {
    expect(proposeRefund("owner_decides", 64_900, soFar({ weeksEnded: 2 }))).toEqual({
      cents: 43_266,
      reason: "weeks_left",
      weeksLeft: 4,
    });
    expect(proposeRefund("owner_decides", 64_900, soFar({ weeksEnded: 6 })).cents).toBe(0);
  });
});
