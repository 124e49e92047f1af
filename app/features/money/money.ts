/**
 * The owner's money page (issue 49, item 5), as one set of sums that add up. Pure: the payments
 * and referral credits come from money.server.ts; what a payment kept after a refund comes from
 * the one rule of decision 0052 (`keptCents`, through `keptByPayment`), never worked out here.
 *
 * For each payment that took money in (paid, or refunded since):
 *   list price = charged + discount;   refunded = charged − kept
 * so, summed over any set of payments: gross − discounts − refunds = net (what was kept).
 */

import type { ReferralCreditStatus } from "~/db/money-schema";

/** One payment of a cohort, as the money page reads it (integer cents). */
export interface MoneyPayment {
  id: string;
  cohortId: string;
  paidAt: string;
  name: string;
  email: string;
  status: "paid" | "refunded";
  /** The code as the buyer typed it (kept on the payment), or null. */
  code: string | null;
  /** The student whose referral code it was, or null. */
  referrerId: string | null;
  referrerName: string | null;
  /** What was charged (`payments.amount_cents`). */
  chargedCents: number;
  /** What the code took off the list price. */
  discountCents: number;
  /** What the payment still brings in, by decision 0052. */
  keptCents: number;
}

/** What one friend's payment earned their referrer. */
export interface MoneyCredit {
  cohortId: string;
  referrerId: string;
  referrerName: string;
  cents: number;
  status: ReferralCreditStatus;
}

/** One payment's line: its list price and where each cent of it went. */
export interface PaymentLine {
  listCents: number;
  discountCents: number;
  chargedCents: number;
  refundedCents: number;
  keptCents: number;
}

export function paymentLine(payment: MoneyPayment): PaymentLine {
  return {
    listCents: payment.chargedCents + payment.discountCents,
    discountCents: payment.discountCents,
    chargedCents: payment.chargedCents,
    refundedCents: payment.chargedCents - payment.keptCents,
    keptCents: payment.keptCents,
  };
}

export interface MoneySums {
  /** Payments that took money in (paid, or refunded since). */
  payments: number;
  grossCents: number;
  discountCents: number;
  refundCents: number;
  /** Gross − discounts − refunds: what was kept. */
  netCents: number;
}

export function sumPayments(payments: readonly MoneyPayment[]): MoneySums {
  const sums: MoneySums = {
    payments: 0,
    grossCents: 0,
    discountCents: 0,
    refundCents: 0,
    netCents: 0,
  };
  for (const payment of payments) {
    const line = paymentLine(payment);
    sums.payments += 1;
    sums.grossCents += line.listCents;
    sums.discountCents += line.discountCents;
    sums.refundCents += line.refundedCents;
    sums.netCents += line.keptCents;
  }
  return sums;
}

/** A cohort's row: its sums, what referrers were paid and are owed, and plan payments to come. */
export interface CohortMoney extends MoneySums {
  rewardsPaidCents: number;
  rewardsOwedCents: number;
  outstandingPlanCents: number;
}

export function cohortMoney(
  payments: readonly MoneyPayment[],
  credits: readonly MoneyCredit[],
  outstandingPlanCents: number,
): CohortMoney {
  const total = (status: MoneyCredit["status"]) =>
    credits.filter((c) => c.status === status).reduce((sum, c) => sum + c.cents, 0);
  return {
    ...sumPayments(payments),
    rewardsPaidCents: total("refunded"),
    rewardsOwedCents: total("owed"),
    outstandingPlanCents,
  };
}

/** One code's line; `code` null is the payments made without one. */
export interface CodeMoney extends MoneySums {
  code: string | null;
}

/** By code, most used first, the payments without a code last: the lines add up to the cohort. */
export function moneyByCode(payments: readonly MoneyPayment[]): CodeMoney[] {
  const groups = new Map<string | null, MoneyPayment[]>();
  for (const payment of payments) {
    const group = groups.get(payment.code) ?? [];
    group.push(payment);
    groups.set(payment.code, group);
  }
  return [...groups]
    .map(([code, group]) => ({ code, ...sumPayments(group) }))
    .sort(
      (a, b) =>
        Number(a.code === null) - Number(b.code === null) ||
        b.payments - a.payments ||
        (a.code ?? "").localeCompare(b.code ?? ""),
    );
}

export interface ReferrerMoney {
  referrerId: string;
  name: string;
  /** Friends who paid with the referrer's code and are still enrolled. */
  friendsEnrolled: number;
  rewardsOwedCents: number;
  rewardsPaidCents: number;
}

/** By referrer (their friends' payments and the credits those earned), by name. */
export function moneyByReferrer(
  payments: readonly MoneyPayment[],
  credits: readonly MoneyCredit[],
): ReferrerMoney[] {
  const lines = new Map<string, ReferrerMoney>();
  const line = (referrerId: string, name: string) => {
    const found = lines.get(referrerId);
    if (found) return found;
    const made = {
      referrerId,
      name,
      friendsEnrolled: 0,
      rewardsOwedCents: 0,
      rewardsPaidCents: 0,
    };
    lines.set(referrerId, made);
    return made;
  };
  for (const payment of payments) {
    if (!payment.referrerId) continue;
    const referrer = line(payment.referrerId, payment.referrerName ?? "");
    if (payment.status === "paid") referrer.friendsEnrolled += 1;
  }
  for (const credit of credits) {
    const referrer = line(credit.referrerId, credit.referrerName);
    if (credit.status === "owed") referrer.rewardsOwedCents += credit.cents;
    if (credit.status === "refunded") referrer.rewardsPaidCents += credit.cents;
  }
  return [...lines.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.referrerId.localeCompare(b.referrerId),
  );
}
