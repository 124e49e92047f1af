import { describe, expect, it } from "vitest";
import {
  approvalAmount,
  calendarDayDisplay,
  asWithdrawalRule,
  dollarsToCents,
  leaveRequestSchema,
  ruleOfRequest,
  seatGoesBack,
} from "./withdrawal";
import { personFormSchema as withdrawalDecisionSchema } from "~/features/people/person-form";

// A cohort starting Tuesday 2027-01-12: week 1 is Mon 11 .. Sun 17, week 2 ends Sun 24.
const START = "2027-01-12";

describe("the rule of a request to leave", () => {
  it("is a full refund in weeks 1 and 2, the owner's call from week 3", () => {
    expect(ruleOfRequest("leave", START, "2027-01-13")).toBe("full_refund");
    expect(ruleOfRequest("leave", START, "2027-01-20")).toBe("full_refund");
    expect(ruleOfRequest("leave", START, "2027-01-25")).toBe("owner_decides");
  });

  it("is the promise review for a 30-day promise claim, whatever the week", () => {
    expect(ruleOfRequest("promise", START, "2027-01-13")).toBe("promise_review");
    expect(ruleOfRequest("promise", START, "2027-02-10")).toBe("promise_review");
  });

  it("reads an unknown stored rule as the owner's call", () => {
    expect(asWithdrawalRule("full_refund")).toBe("full_refund");
    expect(asWithdrawalRule("promise_review")).toBe("promise_review");
    expect(asWithdrawalRule("something")).toBe("owner_decides");
  });
});

describe("the amount an approval refunds", () => {
  it("is the whole payment under the full-refund rule, whatever was entered", () => {
    expect(approvalAmount("full_refund", 64_900, undefined)).toEqual({ ok: true, cents: 64_900 });
    expect(approvalAmount("full_refund", 64_900, 100)).toEqual({ ok: true, cents: 64_900 });
  });

  it("is the owner's amount, 0 to the payment, otherwise", () => {
    for (const rule of ["owner_decides", "promise_review"] as const) {
      expect(approvalAmount(rule, 64_900, 30_000)).toEqual({ ok: true, cents: 30_000 });
      expect(approvalAmount(rule, 64_900, 0)).toEqual({ ok: true, cents: 0 });
      expect(approvalAmount(rule, 64_900, 64_900)).toEqual({ ok: true, cents: 64_900 });
      expect(approvalAmount(rule, 64_900, 64_901)).toEqual({ ok: false, problem: "too_much" });
      expect(approvalAmount(rule, 64_900, undefined)).toEqual({ ok: false, problem: "required" });
    }
  });
});

describe("whether the seat goes back to the queue", () => {
  it("does before the start date only", () => {
    expect(seatGoesBack(START, "2027-01-11")).toBe(true);
    expect(seatGoesBack(START, "2027-01-12")).toBe(false);
    expect(seatGoesBack(START, "2027-01-20")).toBe(false);
    expect(seatGoesBack(null, "2027-01-20")).toBe(true);
  });
});

describe("dollars as typed", () => {
  it("reads whole dollars, cents and thousands separators", () => {
    expect(dollarsToCents("300")).toBe(30_000);
    expect(dollarsToCents("324.5")).toBe(32_450);
    expect(dollarsToCents("$1,000.05")).toBe(100_005);
    expect(dollarsToCents("0")).toBe(0);
  });

  it("refuses anything else", () => {
    for (const typed of ["", "-5", "3.456", "abc", "1e3", "12,34"])
      expect(dollarsToCents(typed)).toBeNull();
  });
});

describe("the forms", () => {
  it("takes a request with a kind and a bounded reason", () => {
    expect(leaveRequestSchema.safeParse({ kind: "leave", reason: " Moving abroad " }).data).toEqual(
      { kind: "leave", reason: "Moving abroad" },
    );
    expect(leaveRequestSchema.safeParse({ kind: "refund", reason: "x" }).success).toBe(false);
    expect(leaveRequestSchema.safeParse({ kind: "leave", reason: "  " }).success).toBe(false);
    expect(leaveRequestSchema.safeParse({ kind: "leave", reason: "x".repeat(1001) }).success).toBe(
      false,
    );
  });

  it("takes an approval with an optional amount and a decline with a note", () => {
    const approve = withdrawalDecisionSchema.safeParse({
      intent: "withdrawal_approve",
      withdrawalId: "w1",
      amount: "150.25",
    });
    expect(approve.data).toEqual({
      intent: "withdrawal_approve",
      withdrawalId: "w1",
      amount: 15_025,
      note: "",
    });
    expect(
      withdrawalDecisionSchema.safeParse({
        intent: "withdrawal_approve",
        withdrawalId: "w1",
        amount: "lots",
      }).success,
    ).toBe(false);
    expect(
      withdrawalDecisionSchema.safeParse({ intent: "withdrawal_decline", withdrawalId: "w1" })
        .success,
    ).toBe(false);
    expect(
      withdrawalDecisionSchema.safeParse({
        intent: "withdrawal_decline",
        withdrawalId: "w1",
        note: "Not followed",
      }).success,
    ).toBe(true);
  });
});

describe("a calendar day as read", () => {
  it("names the weekday, month and day", () => {
    expect(calendarDayDisplay("2027-01-24")).toBe("Sunday, January 24");
  });
});
