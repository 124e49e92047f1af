import { describe, expect, it } from "vitest";
import { discountCents, planPrice, seatPrice, splitInstalments } from "./price";

describe("a seat's price", () => {
  it("is the list price without a code", () => {
    expect(seatPrice()).toEqual({ listCents: 64_900, discountCents: 0, dueCents: 64_900 });
  });
  it("takes a percent off, rounded to the nearest cent", () => {
    expect(seatPrice({ kind: "percent", percentOff: 20 })).toMatchObject({
      discountCents: 12_980,
      dueCents: 51_920,
    });
    expect(discountCents(999, { kind: "percent", percentOff: 15 })).toBe(150); // 149.85
    expect(discountCents(64_900, { kind: "percent", percentOff: 100 })).toBe(64_900);
  });
  it("takes an amount off, never below zero", () => {
    expect(seatPrice({ kind: "amount", amountOffCents: 10_000 }).dueCents).toBe(54_900);
    expect(seatPrice({ kind: "amount", amountOffCents: 99_999 }).dueCents).toBe(0);
    expect(seatPrice({ kind: "amount", amountOffCents: -5 }).dueCents).toBe(64_900);
  });
});

describe("splitInstalments", () => {
  it("splits into whole cents that add up exactly, the odd cents on the first", () => {
    expect(splitInstalments(66_900, 3)).toEqual([22_300, 22_300, 22_300]);
    expect(splitInstalments(64_901, 3)).toEqual([21_635, 21_633, 21_633]);
    expect(splitInstalments(100, 6)).toEqual([20, 16, 16, 16, 16, 16]);
  });

  it("adds up for every total and count the owner can set", () => {
    for (let count = 2; count <= 6; count++)
      for (const total of [1, 99, 64_900, 64_999, 123_457]) {
        const parts = splitInstalments(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        expect(new Set(parts.slice(1)).size).toBeLessThanOrEqual(1);
      }
  });

  it("refuses a count below one or a fraction of a cent", () => {
    expect(() => splitInstalments(100, 0)).toThrow(RangeError);
    expect(() => splitInstalments(10.5, 2)).toThrow(RangeError);
  });
});

describe("planPrice", () => {
  const terms = { count: 3, surchargeCents: 3_000 };

  it("is the price after the code plus the surcharge, split", () => {
    const plan = planPrice(seatPrice({ kind: "percent", percentOff: 10 }), terms)!;
    expect(plan.totalCents).toBe(58_410 + 3_000);
    expect(plan.instalments).toEqual([20_470, 20_470, 20_470]);
  });

  it("has no plan when the owner turned it off or a code takes off everything", () => {
    expect(planPrice(seatPrice(), null)).toBeNull();
    expect(planPrice(seatPrice({ kind: "percent", percentOff: 100 }), terms)).toBeNull();
  });
});
