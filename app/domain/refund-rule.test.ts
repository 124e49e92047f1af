import { describe, expect, it } from "vitest";
import { lastFullRefundDate, refundRuleOn } from "./refund-rule";

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
