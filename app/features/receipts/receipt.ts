/**
 * A payment's receipt (issue 49, item 4; decision 0069): what it says, line by line, from the
 * stored payment, the details the student added and the business details the owner set. The page
 * and the PDF print the same lines. Pure: no I/O.
 */
import type { PaymentStatus } from "~/db/schema";
import { mondayOf, startDateDisplay } from "~/features/cohort/cohort";
import { PRODUCT_NAME } from "~/features/enrollment/pricing.words";
import { isCalendarDate } from "~/lib/calendar-date";
import { formatDated } from "~/lib/time-zone";
import { receiptText as t } from "./receipts.words";

/** What the database says about one payment, as a receipt needs it. */
export interface PaymentFacts {
  id: string;
  /** When it was paid (the payment row's creation), a UTC instant. */
  createdAt: string;
  amountCents: number;
  /** What a promo, scholarship or referral code took off the price, and the code as it read. */
  discountCents: number;
  promoCode: string | null;
  /** Tax Stripe Tax calculated, included in amountCents; null when none was calculated. */
  taxCents: number | null;
  provider: string;
  status: PaymentStatus;
  refundedAt: string | null;
  /** What the approved request to leave that settled this payment gave back, if one did. */
  withdrawalRefundCents: number | null;
  cohortStart: string | null;
  /** The address the payment was made with. */
  email: string;
  /** The student's name as the site has it. */
  personName: string;
}

/** What the student added to the receipt (each null when not given). */
export interface BillingDetails {
  payerName: string | null;
  organization: string | null;
  address: string | null;
}

/** The owner's business details; null until they are saved. */
export interface BusinessDetails {
  legalName: string;
  address: string;
}

type RowKey = keyof typeof t.labels;

interface ReceiptRow {
  key: RowKey;
  label: string;
  lines: string[];
}

export interface Receipt {
  number: string;
  seller: { name: string; address: string[]; email: string };
  rows: ReceiptRow[];
  /** Paid on the test checkout: the receipt says so. */
  testPayment: boolean;
}

const DOLLARS = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Whole cents as a receipt prints them, always with the cents: 64_900 → "$649.00". */
export function formatCents(cents: number): string {
  return DOLLARS.format(cents / 100);
}

/**
 * The receipt's number: the UTC day it was paid and the first 8 characters of the payment's
 * random id, "R-20261129-3F2A9C1B". Stable (nothing stored), unique in practice, not a sequence.
 */
export function receiptNumber(paymentId: string, paidAt: string): string {
  const day = paidAt.slice(0, 10).replaceAll("-", "");
  const id = paymentId.replaceAll("-", "").slice(0, 8).toUpperCase();
  return `R-${day}-${id}`;
}

/** A stored address as its printed lines (blank lines left out). */
export function addressLines(address: string | null | undefined): string[] {
  return (address ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

type RefundState =
  | { kind: "none" }
  | { kind: "pending"; cents: number }
  | { kind: "refunded"; cents: number; at: string | null }
  /** The seat ended with nothing given back (a request to leave approved with no refund). */
  | { kind: "ended"; at: string | null };

/**
 * What was given back: nothing (paid), all of it to come (the cohort filled before the payment
 * completed and the provider's refund has not gone through yet), or what a refund returned: the
 * approved request to leave's amount when one settled it, else the whole payment; a seat that
 * ended with nothing given back (nothing asked back, or nothing was paid) says so.
 */
export function refundState(facts: PaymentFacts): RefundState {
  if (facts.status === "paid") return { kind: "none" };
  const cents =
    facts.status === "refund_needed"
      ? facts.amountCents
      : (facts.withdrawalRefundCents ?? facts.amountCents);
  if (cents <= 0) return { kind: "ended", at: facts.refundedAt };
  return facts.status === "refund_needed"
    ? { kind: "pending", cents }
    : { kind: "refunded", cents, at: facts.refundedAt };
}

/** The refund's line, or null when there was none to speak of. */
function refundLine(state: RefundState, zone: string): string | null {
  const on = (at: string | null) => (at ? formatDated(new Date(at), zone) : "");
  switch (state.kind) {
    case "none":
      return null;
    case "pending":
      return t.refundPending(formatCents(state.cents));
    case "refunded":
      return state.at
        ? t.refunded(formatCents(state.cents), on(state.at))
        : formatCents(state.cents);
    case "ended":
      return state.at ? t.noRefund(on(state.at)) : t.noRefundUndated;
  }
}

function cohortLine(start: string | null): string | null {
  if (!start || !isCalendarDate(start)) return null;
  return t.cohort(`${startDateDisplay(start)}, ${mondayOf(start).slice(0, 4)}`);
}

const methodOf = (provider: string) => t.methods[provider] ?? t.otherMethod(provider);

/**
 * The receipt of a payment, its times in `zone` (the reader's, named). Before the owner sets the
 * business details the seller is the site's name with no address: nothing on it is made up.
 */
export function buildReceipt(
  facts: PaymentFacts,
  billing: BillingDetails | null,
  business: BusinessDetails | null,
  site: { name: string; contactEmail: string; zone: string },
): Receipt {
  const row = (key: RowKey, lines: (string | null)[]): ReceiptRow[] => {
    const kept = lines.filter((line): line is string => Boolean(line));
    return kept.length ? [{ key, label: t.labels[key], lines: kept }] : [];
  };
  const payer = billing?.payerName || facts.personName.trim() || facts.email;
  const refund = refundLine(refundState(facts), site.zone);
  const rows = [
    ...row("number", [receiptNumber(facts.id, facts.createdAt)]),
    ...row("paidOn", [formatDated(new Date(facts.createdAt), site.zone)]),
    ...row("paidBy", [payer]),
    ...row("organization", [billing?.organization ?? null]),
    ...row("address", addressLines(billing?.address)),
    ...row("email", [facts.email]),
    ...row("item", [PRODUCT_NAME, cohortLine(facts.cohortStart)]),
    ...row("discount", [
      facts.discountCents > 0
        ? t.discount(formatCents(facts.discountCents), facts.promoCode)
        : null,
    ]),
    ...row("amount", [t.amount(formatCents(facts.amountCents))]),
    ...row("tax", [facts.taxCents === null ? null : t.tax(formatCents(facts.taxCents))]),
    ...row("method", [methodOf(facts.provider)]),
    ...row("refund", [refund]),
  ];
  return {
    number: receiptNumber(facts.id, facts.createdAt),
    seller: {
      name: business?.legalName ?? site.name,
      address: addressLines(business?.address),
      email: site.contactEmail,
    },
    rows,
    testPayment: facts.provider === "test",
  };
}
