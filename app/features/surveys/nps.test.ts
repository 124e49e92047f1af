import { describe, expect, it } from "vitest";
import { npsOf } from "./nps";

describe("NPS", () => {
  it("is the share of promoters less the share of detractors", () => {
    // 3 promoters (9, 10, 10), 1 passive (8), 1 detractor (6) of 5: 60% - 20% = 40.
    expect(npsOf([9, 10, 10, 8, 6])).toEqual({
      answers: 5,
      promoters: 3,
      passives: 1,
      detractors: 1,
      nps: 40,
    });
  });

  it("ranges from -100 to 100 and is empty without answers", () => {
    expect(npsOf([0, 6]).nps).toBe(-100);
    expect(npsOf([10]).nps).toBe(100);
    expect(npsOf([]).nps).toBeNull();
  });
});
