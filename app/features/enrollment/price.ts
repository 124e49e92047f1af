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
