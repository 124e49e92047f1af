/**
 * The forms of receipts: the details a student adds to a receipt, and the business details the
 * owner sets. Every field bounded; an address is up to six lines. Pure: no I/O.
 */
import { z } from "~/lib/zod";
import { normalizeSubject, optionalText, text } from "~/lib/text-fields";
import { receiptErrors as e } from "./receipts.words";

export const BILLING_BOUNDS = { payerName: 100, organization: 150, address: 300 } as const;
export const BUSINESS_BOUNDS = { legalName: 150, address: 300 } as const;
/** Lines of an address, as an envelope has them. */
export const ADDRESS_LINES = 6;

// Control characters never belong on a receipt (and PostgreSQL refuses NUL in text).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** One line of text: control characters out, any run of whitespace one space. */
const oneLine = (value: string) => normalizeSubject(value.replace(CONTROL, " "));

/** An address as typed: each line trimmed, blank lines left out, lines joined by "\n". */
export function normalizeAddress(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, " ")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

const withinLines = (value: string | undefined) =>
  !value || value.split("\n").length <= ADDRESS_LINES;

/** Optional one-line text: null when left empty. */
const optionalLine = (max: number) =>
  optionalText(max, { normalize: oneLine, tooLong: e.tooLong(max) }).transform(
    (value) => value || null,
  );

/** What the student adds to one receipt; each field may be left empty (null). */
export const billingSchema = z.object({
  payerName: optionalLine(BILLING_BOUNDS.payerName),
  organization: optionalLine(BILLING_BOUNDS.organization),
  address: optionalText(BILLING_BOUNDS.address, {
    normalize: normalizeAddress,
    tooLong: e.tooLong(BILLING_BOUNDS.address),
  })
    .refine(withinLines, e.tooManyLines(ADDRESS_LINES))
    .transform((value) => value || null),
});

export type BillingInput = z.output<typeof billingSchema>;

/** The owner's business details: both required. */
export const businessSchema = z.object({
  legalName: text(e.legalName, BUSINESS_BOUNDS.legalName, {
    normalize: oneLine,
    tooLong: e.tooLong(BUSINESS_BOUNDS.legalName),
  }),
  address: text(e.address, BUSINESS_BOUNDS.address, {
    normalize: normalizeAddress,
    tooLong: e.tooLong(BUSINESS_BOUNDS.address),
  }).refine(withinLines, e.tooManyLines(ADDRESS_LINES)),
});

export type BusinessInput = z.output<typeof businessSchema>;
