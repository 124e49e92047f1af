import { describe, expect, it } from "vitest";
import { keptCents, seatFigures, seatRuleOn } from "./seats";

describe("seatFigures", () => {
  it("accounts for every seat: paid, left empty, held, offered and free add up to the capacity", () => {
    // Started cohort of 10: 3 seats taken, 2 of them refunded after the start.
    const seats = seatFigures({ capacity: 10, enrolledCount: 3, paid: 1, held: 0, offered: 0 });
    expect(seats).toEqual({
      capacity: 10,
      paid: 1,
      emptied: 2,
      held: 0,
      offered: 0,
      free: 7,
      over: 0,
    });
    const { paid, emptied, held, offered, free } = seats;
    expect(paid + emptied + held + offered + free).toBe(10);
  });

  it("leaves no seat empty before the start (a refund there gives its seat back)", () => {
    expect(
      seatFigures({ capacity: 10, enrolledCount: 2, paid: 2, held: 1, offered: 1 }),
    ).toMatchObject({ emptied: 0, held: 1, offered: 1, free: 6 });
  });

  it("never shows a negative number, and says how far over capacity", () => {
    expect(
      seatFigures({ capacity: 2, enrolledCount: 3, paid: 3, held: 1, offered: 0 }),
    ).toMatchObject({ free: 0, over: 2, emptied: 0 });
    // Payments counted above the stored count: the payments win, nothing is "empty".
    expect(
      seatFigures({ capacity: 5, enrolledCount: 1, paid: 2, held: 0, offered: 0 }),
    ).toMatchObject({ emptied: 0, free: 3 });
  });
});

describe("seatRuleOn", () => {
  it("frees the seat before the start date, leaves it empty from the start day on", () => {
    expect(seatRuleOn("2027-01-11", "2027-01-10")).toBe("refund_frees");
    expect(seatRuleOn("2027-01-11", "2027-01-11")).toBe("refund_empties");
    expect(seatRuleOn(null, "2027-01-11")).toBe("refund_frees");
  });
});

describe("keptCents", () => {
  it("counts a paid payment in full, a partial refund for what was kept, a full refund as nothing", () => {
    expect(keptCents({ amountCents: 64_900, status: "paid", refundCents: null })).toBe(64_900);
    expect(keptCents({ amountCents: 64_900, status: "refunded", refundCents: 20_000 })).toBe(
      44_900,
    );
    expect(keptCents({ amountCents: 64_900, status: "refunded", refundCents: 0 })).toBe(64_900);
    expect(keptCents({ amountCents: 64_900, status: "refunded", refundCents: null })).toBe(0);
    expect(keptCents({ amountCents: 64_900, status: "refunded", refundCents: 99_999 })).toBe(0);
    expect(keptCents({ amountCents: 64_900, status: "refund_needed", refundCents: null })).toBe(0);
  });
});
