import { describe, expect, it } from "vitest";
import {
  cohortMoney,
  moneyByCode,
  moneyByReferrer,
  paymentLine,
  sumPayments,
  type MoneyCredit,
  type MoneyPayment,
} from "./money";
import { moneyCsvRow } from "./money-csv";
import { MONEY_CSV_HEADER } from "./money.words";

let next = 0;
function payment(over: Partial<MoneyPayment> = {}): MoneyPayment {
  next += 1;
  return {
    id: `p${next}`,
    cohortId: "c1",
    paidAt: "2026-11-20T15:00:00.000Z",
    name: `Buyer ${next}`,
    email: `buyer${next}@example.com`,
    status: "paid",
    code: null,
    referrerId: null,
    referrerName: null,
    chargedCents: 64_900,
    discountCents: 0,
    keptCents: 64_900,
    ...over,
  };
}

const credit = (over: Partial<MoneyCredit> = {}): MoneyCredit => ({
  cohortId: "c1",
  referrerId: "r1",
  referrerName: "Rita Referrer",
  cents: 5_000,
  status: "owed",
  ...over,
});

/** gross − discounts − refunds = net, for any set of payments. */
function addsUp(sums: {
  grossCents: number;
  discountCents: number;
  refundCents: number;
  netCents: number;
}) {
  expect(sums.grossCents - sums.discountCents - sums.refundCents).toBe(sums.netCents);
}

describe("a payment's line: list price, discount, charged, refunded, kept", () => {
  it("a full-price payment kept whole", () => {
    expect(paymentLine(payment())).toEqual({
      listCents: 64_900,
      discountCents: 0,
      chargedCents: 64_900,
      refundedCents: 0,
      keptCents: 64_900,
    });
  });

  it("a discounted payment partly refunded: the list price is what was charged plus the discount", () => {
    const line = paymentLine(
      payment({
        status: "refunded",
        chargedCents: 51_920,
        discountCents: 12_980,
        keptCents: 31_920,
      }),
    );
    expect(line).toEqual({
      listCents: 64_900,
      discountCents: 12_980,
      chargedCents: 51_920,
      refundedCents: 20_000,
      keptCents: 31_920,
    });
  });

  it("a scholarship (100% off) has a list price and nothing charged", () => {
    expect(paymentLine(payment({ chargedCents: 0, discountCents: 64_900, keptCents: 0 }))).toEqual({
      listCents: 64_900,
      discountCents: 64_900,
      chargedCents: 0,
      refundedCents: 0,
      keptCents: 0,
    });
  });
});

describe("a cohort's sums", () => {
  const payments = [
    payment(),
    payment({ code: "SPRING-1", chargedCents: 58_410, discountCents: 6_490, keptCents: 58_410 }),
    payment({
      code: "SPRING-1",
      chargedCents: 58_410,
      discountCents: 6_490,
      keptCents: 0,
      status: "refunded",
    }),
    payment({ status: "refunded", keptCents: 44_900 }),
    payment({
      code: "FRIEND-RITA",
      referrerId: "r1",
      referrerName: "Rita Referrer",
      chargedCents: 59_900,
      discountCents: 5_000,
      keptCents: 59_900,
    }),
  ];

  it("add up: gross − discounts − refunds = net", () => {
    const sums = sumPayments(payments);
    expect(sums).toEqual({
      payments: 5,
      grossCents: 5 * 64_900,
      discountCents: 6_490 + 6_490 + 5_000,
      refundCents: 58_410 + 20_000,
      netCents: 64_900 + 58_410 + 44_900 + 59_900,
    });
    addsUp(sums);
  });

  it("nothing paid: all zero", () => {
    expect(cohortMoney([], [], 0)).toEqual({
      payments: 0,
      grossCents: 0,
      discountCents: 0,
      refundCents: 0,
      netCents: 0,
      rewardsPaidCents: 0,
      rewardsOwedCents: 0,
      outstandingPlanCents: 0,
    });
  });

  it("referral rewards: refunded ones are paid, owed ones owed, void ones neither; plan payments as given", () => {
    const money = cohortMoney(
      payments,
      [
        credit(),
        credit({ status: "refunded", cents: 7_500 }),
        credit({ status: "void", cents: 9_999 }),
        credit({ referrerId: "r2", referrerName: "Sam", cents: 2_500 }),
      ],
      12_345,
    );
    expect(money.rewardsOwedCents).toBe(7_500);
    expect(money.rewardsPaidCents).toBe(7_500);
    expect(money.outstandingPlanCents).toBe(12_345);
    addsUp(money);
  });

  it("by code: one line per code, most used first, no code last; the lines add up to the cohort", () => {
    const lines = moneyByCode(payments);
    expect(lines.map((l) => [l.code, l.payments])).toEqual([
      ["SPRING-1", 2],
      ["FRIEND-RITA", 1],
      [null, 2],
    ]);
    expect(lines[0]).toEqual({
      code: "SPRING-1",
      payments: 2,
      grossCents: 129_800,
      discountCents: 12_980,
      refundCents: 58_410,
      netCents: 58_410,
    });
    for (const line of lines) addsUp(line);
    const total = sumPayments(payments);
    for (const key of [
      "payments",
      "grossCents",
      "discountCents",
      "refundCents",
      "netCents",
    ] as const)
      expect(lines.reduce((sum, line) => sum + line[key], 0)).toBe(total[key]);
  });

  it("by referrer: friends still enrolled, rewards owed and paid; a referrer with only credits is listed", () => {
    const refunded = payment({
      code: "FRIEND-RITA",
      referrerId: "r1",
      referrerName: "Rita Referrer",
      status: "refunded",
      keptCents: 0,
    });
    const lines = moneyByReferrer(
      [...payments, refunded],
      [
        credit(),
        credit({ status: "refunded", cents: 5_000 }),
        credit({ status: "void" }),
        credit({ referrerId: "r0", referrerName: "Alex Early", cents: 2_000 }),
      ],
    );
    expect(lines).toEqual([
      {
        referrerId: "r0",
        name: "Alex Early",
        friendsEnrolled: 0,
        rewardsOwedCents: 2_000,
        rewardsPaidCents: 0,
      },
      {
        referrerId: "r1",
        name: "Rita Referrer",
        friendsEnrolled: 1,
        rewardsOwedCents: 5_000,
        rewardsPaidCents: 5_000,
      },
    ]);
  });
});

describe("the CSV line of a payment", () => {
  it("dollars with cents, the status in words, a formula-looking name left to the CSV helper", () => {
    const row = moneyCsvRow(
      payment({
        name: "=HYPERLINK(1)",
        email: "x@example.com",
        code: "SPRING-1",
        status: "refunded",
        chargedCents: 58_410,
        discountCents: 6_490,
        keptCents: 38_410,
      }),
    );
    expect(row).toHaveLength(MONEY_CSV_HEADER.length);
    expect(row).toEqual([
      "2026-11-20T15:00:00.000Z",
      "=HYPERLINK(1)",
      "x@example.com",
      "SPRING-1",
      "649.00",
      "64.90",
      "584.10",
      "200.00",
      "384.10",
      "Refunded",
    ]);
  });
});
