import { describe, expect, it } from "vitest";
import {
  dueDate,
  nextRetry,
  planSettingsSchema,
  proposeAfterFailedPlan,
  surchargeCents,
} from "./plan-rules";

describe("dueDate", () => {
  it("is the same day of the month, clamped to a shorter month's last day", () => {
    const first = new Date("2027-01-31T15:00:00Z");
    expect(dueDate(first, 1).toISOString()).toBe("2027-01-31T15:00:00.000Z");
    expect(dueDate(first, 2).toISOString()).toBe("2027-02-28T15:00:00.000Z");
    expect(dueDate(first, 3).toISOString()).toBe("2027-03-31T15:00:00.000Z");
  });
});

describe("nextRetry", () => {
  it("retries 3 times over about two weeks, then stops", () => {
    const at = new Date("2027-01-01T00:00:00Z");
    expect(nextRetry(at, 1)?.toISOString()).toBe("2027-01-04T00:00:00.000Z");
    expect(nextRetry(at, 2)?.toISOString()).toBe("2027-01-06T00:00:00.000Z");
    expect(nextRetry(at, 3)?.toISOString()).toBe("2027-01-08T00:00:00.000Z");
    expect(nextRetry(at, 4)).toBeNull();
  });
});

describe("proposeAfterFailedPlan", () => {
  it("keeps the seat when more than half is paid", () => {
    expect(
      proposeAfterFailedPlan({ paidCents: 40_000, totalCents: 66_000, rule: "owner_decides" }),
    ).toEqual({ action: "keep", refundCents: 0 });
  });

  it("withdraws when half or less is paid, refunding per the refund policy", () => {
    expect(
      proposeAfterFailedPlan({ paidCents: 33_000, totalCents: 66_000, rule: "owner_decides" }),
    ).toEqual({ action: "withdraw", refundCents: 0 });
    expect(
      proposeAfterFailedPlan({ paidCents: 22_000, totalCents: 66_000, rule: "full_refund" }),
    ).toEqual({ action: "withdraw", refundCents: 22_000 });
  });
});

describe("planSettingsSchema", () => {
  const parse = (form: Record<string, string>) =>
    planSettingsSchema.safeParse({ intent: "save", ...form });

  it("takes 2 to 6 payments and a dollar surcharge", () => {
    expect(parse({ payments: "3", surcharge: "25.5", enabled: "on" }).success).toBe(true);
    expect(parse({ payments: "1", surcharge: "0" }).success).toBe(false);
    expect(parse({ payments: "7", surcharge: "0" }).success).toBe(false);
    expect(parse({ payments: "3", surcharge: "-1" }).success).toBe(false);
    expect(parse({ payments: "3", surcharge: "1.234" }).success).toBe(false);
  });

  it("reads the surcharge in whole cents", () => {
    expect(surchargeCents("25")).toBe(2_500);
    expect(surchargeCents("25.5")).toBe(2_550);
    expect(surchargeCents("0.07")).toBe(7);
  });
});
