import { PRICE_CENTS } from "./pricing.words";

/**
 * The price of a seat and its one rule (issue 49): the list price less a code's discount, in
 * whole cents. Every page, checkout, provider and report reads a seat's price from here.
 */

/** What a promo code, scholarship or referral code takes off. */
export type Discount =
  { kind: "percent"; percentOff: number } | { kind: "amount"; amountOffCents: number };

export interface Price {
  listCents: number;
  discountCents: number;
  /** What the buyer pays: never below zero. */
  dueCents: number;
}

/** The cents a discount takes off a list price: a percent rounds to the nearest cent. */
export function discountCents(listCents: number, discount: Discount | null): number {
  if (!discount) return 0;
  const off =
    discount.kind === "percent"
      ? Math.round((listCents * discount.percentOff) / 100)
      : discount.amountOffCents;
  return Math.max(0, Math.min(listCents, off));
}

/** A seat's price with a discount, or without one. */
export function seatPrice(
  discount: Discount | null = null,
  listCents: number = PRICE_CENTS,
): Price {
  const off = discountCents(listCents, discount);
  return { listCents, discountCents: off, dueCents: listCents - off };
}

/** The owner's payment plan (issue 49): how many monthly payments, and what the plan adds. */
export interface PlanTerms {
  /** 2–6; the owner's setting. */
  count: number;
  surchargeCents: number;
}

export const MIN_PLAN_PAYMENTS = 2;
export const MAX_PLAN_PAYMENTS = 6;

/**
 * A plan's instalments, in whole cents that add up to exactly `totalCents`: equal payments, and
 * the cents that do not divide evenly on the first (so every later charge is the same amount,
 * which is what a monthly subscription price bills).
 */
export function splitInstalments(totalCents: number, count: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError("totalCents");
  if (!Number.isInteger(count) || count < 1) throw new RangeError("count");
  const each = Math.floor(totalCents / count);
  const first = totalCents - each * (count - 1);
  return [first, ...Array.from({ length: count - 1 }, () => each)];
}

export interface PlanPrice {
  count: number;
  surchargeCents: number;
  /** The seat's price after any code, plus the surcharge. */
  totalCents: number;
  instalments: number[];
}

/**
 * A seat's price paid over the owner's plan: the price after any code plus the surcharge, split
 * into `count` instalments. Null when there is no plan to offer (off, or nothing to pay: a
 * 100%-off code has no plan).
 */
export function planPrice(price: Price, terms: PlanTerms | null): PlanPrice | null {
  if (!terms || price.dueCents === 0) return null;
  const totalCents = price.dueCents + terms.surchargeCents;
  return {
    count: terms.count,
    surchargeCents: terms.surchargeCents,
    totalCents,
    instalments: splitInstalments(totalCents, terms.count),
  };
}

/**
 * What a seat hold's checkout charges now: its price after any code, or on a plan the first
 * instalment (holds before 2026-12-13 carry no amount: the list price).
 */
export function chargedAtCheckout(hold: {
  amount_cents: number | null;
  plan_payments: number | null;
  plan_surcharge_cents: number | null;
}): number {
  const price = hold.amount_cents === null ? PRICE_CENTS : Number(hold.amount_cents);
  if (!hold.plan_payments) return price;
  const total = price + Number(hold.plan_surcharge_cents ?? 0);
  return splitInstalments(total, Number(hold.plan_payments))[0]!;
}
