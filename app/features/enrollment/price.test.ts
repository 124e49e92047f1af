import { describe, expect, it } from "vitest";
import { discountCents, seatPrice } from "./price";

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
