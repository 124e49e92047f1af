import { describe, expect, it } from "vitest";
import {
  EARLY_ACCESS_DISCOUNT_CENTS,
  formatDollars,
  PRICE_CENTS,
  TOTAL_VALUE_CENTS,
  valueItems,
} from "./pricing.words";

describe("pricing", () => {
  it("adds up as the spec says", () => {
    expect(valueItems.reduce((sum, item) => sum + item.cents, 0)).toBe(TOTAL_VALUE_CENTS);
    expect(TOTAL_VALUE_CENTS - EARLY_ACCESS_DISCOUNT_CENTS).toBe(PRICE_CENTS);
  });

  it("formats dollars", () => {
    expect(formatDollars(PRICE_CENTS)).toBe("$649");
    expect(formatDollars(TOTAL_VALUE_CENTS)).toBe("$3,000");
    expect(formatDollars(EARLY_ACCESS_DISCOUNT_CENTS)).toBe("$2,351");
    expect(formatDollars(150_000)).toBe("$1,500");
    expect(formatDollars(51_920)).toBe("$519.20");
    expect(formatDollars(5)).toBe("$0.05");
  });
});
