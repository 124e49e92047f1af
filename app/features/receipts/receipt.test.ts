import { describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "~/features/enrollment/pricing.words";
import {
  addressLines,
  buildReceipt,
  formatCents,
  receiptNumber,
  refundState,
  type PaymentFacts,
  type Receipt,
} from "./receipt";

const facts = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  id: "3f2a9c1b-0000-4000-8000-000000000001",
  createdAt: "2026-11-29T21:30:00.000Z",
  amountCents: 64_900,
  discountCents: 0,
  promoCode: null,
  taxCents: null,
  provider: "stripe",
  status: "paid",
  refundedAt: null,
  withdrawalRefundCents: null,
  cohortStart: "2027-01-13",
  email: "ada@example.com",
  personName: "Ada Lovelace",
  ...over,
});

const SITE = { name: "From Scratch to Success", contactEmail: "hello@example.com" };
const NEW_YORK = { ...SITE, zone: "America/New_York" };

/** The receipt's rows by key, lines joined by " | " (Intl's narrow spaces as plain ones). */
const rowsOf = (receipt: Receipt) =>
  Object.fromEntries(
    receipt.rows.map((row) => [row.key, row.lines.join(" | ").replace(/\u202f/g, " ")]),
  );

describe("formatCents", () => {
  it("prints dollars with the cents, from whole cents", () => {
    expect(formatCents(64_900)).toBe("$649.00");
    expect(formatCents(44_950)).toBe("$449.50");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(123_456_789)).toBe("$1,234,567.89");
  });
});

describe("receiptNumber", () => {
  it("is the UTC day paid and the id's first 8 characters, upper case", () => {
    expect(receiptNumber("3f2a9c1b-1111-4000-8000-000000000001", "2026-11-29T21:30:00Z")).toBe(
      "R-20261129-3F2A9C1B",
    );
  });

  it("skips the id's dashes and is the same every time", () => {
    expect(receiptNumber("ab-cd-ef-12-34", "2027-01-02T00:00:00Z")).toBe("R-20270102-ABCDEF12");
    expect(receiptNumber("ab-cd-ef-12-34", "2027-01-02T00:00:00Z")).toBe(
      receiptNumber("ab-cd-ef-12-34", "2027-01-02T00:00:00Z"),
    );
  });
});

describe("addressLines", () => {
  it("splits stored lines and leaves out blank ones", () => {
    expect(addressLines("1 Main St\n\n  Springfield  \n")).toEqual(["1 Main St", "Springfield"]);
    expect(addressLines(null)).toEqual([]);
  });
});

describe("refundState", () => {
  it("is none while paid", () => {
    expect(refundState(facts())).toEqual({ kind: "none" });
  });

  it("is the whole payment to come when the cohort filled before it completed", () => {
    expect(refundState(facts({ status: "refund_needed" }))).toEqual({
      kind: "pending",
      cents: 64_900,
    });
  });

  it("is the whole payment for a refund without a request to leave", () => {
    const at = "2026-12-01T10:00:00.000Z";
    expect(refundState(facts({ status: "refunded", refundedAt: at }))).toEqual({
      kind: "refunded",
      cents: 64_900,
      at,
    });
  });

  it("is what an approved request to leave gave back", () => {
    const refunded = facts({ status: "refunded", refundedAt: "2026-12-01T10:00:00Z" });
    expect(refundState({ ...refunded, withdrawalRefundCents: 20_000 })).toMatchObject({
      kind: "refunded",
      cents: 20_000,
    });
    expect(refundState({ ...refunded, withdrawalRefundCents: 0 })).toEqual({
      kind: "ended",
      at: "2026-12-01T10:00:00Z",
    });
  });
});

describe("buildReceipt", () => {
  it("prints every line of a paid payment, in the reader's zone, named", () => {
    const receipt = buildReceipt(facts(), null, null, NEW_YORK);
    expect(receipt.number).toBe("R-20261129-3F2A9C1B");
    expect(rowsOf(receipt)).toEqual({
      number: "R-20261129-3F2A9C1B",
      paidOn: "Sun, Nov 29, 2026, 4:30 PM EST (America/New_York)",
      paidBy: "Ada Lovelace",
      email: "ada@example.com",
      item: `${PRODUCT_NAME} | Cohort starting the week of January 11, 2027`,
      amount: "$649.00 (US dollars)",
      method: "Online payment through Stripe",
    });
    expect(receipt.rows.map((row) => row.label)).toEqual([
      "Receipt number",
      "Date paid",
      "Paid by",
      "Email",
      "For",
      "Amount paid",
      "Payment method",
    ]);
    expect(receipt.testPayment).toBe(false);
  });

  it("dates the payment in another reader's zone, across midnight", () => {
    const receipt = buildReceipt(facts(), null, null, { ...SITE, zone: "Asia/Tokyo" });
    expect(rowsOf(receipt).paidOn).toBe("Mon, Nov 30, 2026, 6:30 AM GMT+9 (Asia/Tokyo)");
  });

  it("falls back to the site's name with no address until the business details are set", () => {
    const receipt = buildReceipt(facts(), null, null, NEW_YORK);
    expect(receipt.seller).toEqual({
      name: "From Scratch to Success",
      address: [],
      email: "hello@example.com",
    });
  });

  it("prints the business's legal name and address once set", () => {
    const business = { legalName: "Scratch Ventures LLC", address: "1 Main St\nSpringfield, IL" };
    const receipt = buildReceipt(facts(), null, business, NEW_YORK);
    expect(receipt.seller).toEqual({
      name: "Scratch Ventures LLC",
      address: ["1 Main St", "Springfield, IL"],
      email: "hello@example.com",
    });
  });

  it("prints who paid, the company or university and the billing address the student added", () => {
    const billing = {
      payerName: "Grace Lovelace",
      organization: "State University",
      address: "Bursar's Office\n10 College Rd",
    };
    const rows = rowsOf(buildReceipt(facts(), billing, null, NEW_YORK));
    expect(rows.paidBy).toBe("Grace Lovelace");
    expect(rows.organization).toBe("State University");
    expect(rows.address).toBe("Bursar's Office | 10 College Rd");
  });

  it("names the student when the payer's name is left empty, the email when there is no name", () => {
    const empty = { payerName: null, organization: null, address: null };
    expect(rowsOf(buildReceipt(facts(), empty, null, NEW_YORK)).paidBy).toBe("Ada Lovelace");
    expect(rowsOf(buildReceipt(facts({ personName: " " }), empty, null, NEW_YORK)).paidBy).toBe(
      "ada@example.com",
    );
  });

  it("prints the tax only when Stripe Tax calculated one", () => {
    expect(rowsOf(buildReceipt(facts(), null, null, NEW_YORK)).tax).toBeUndefined();
    expect(rowsOf(buildReceipt(facts({ taxCents: 0 }), null, null, NEW_YORK)).tax).toBe(
      "$0.00, calculated by Stripe Tax",
    );
    expect(rowsOf(buildReceipt(facts({ taxCents: 4_012 }), null, null, NEW_YORK)).tax).toBe(
      "$40.12, calculated by Stripe Tax",
    );
  });

  it("prints the refund with its amount and date, or what is still to come", () => {
    const refunded = facts({ status: "refunded", refundedAt: "2026-12-02T15:00:00Z" });
    expect(rowsOf(buildReceipt(refunded, null, null, NEW_YORK)).refund).toBe(
      "$649.00 refunded on Wed, Dec 2, 2026, 10:00 AM EST (America/New_York)",
    );
    const partly = { ...refunded, withdrawalRefundCents: 20_000 };
    expect(rowsOf(buildReceipt(partly, null, null, NEW_YORK)).refund).toMatch(
      /^\$200\.00 refunded/,
    );
    const none = { ...refunded, withdrawalRefundCents: 0 };
    expect(rowsOf(buildReceipt(none, null, null, NEW_YORK)).refund).toBe(
      "None: the seat ended on Wed, Dec 2, 2026, 10:00 AM EST (America/New_York) with no refund",
    );
    const pending = facts({ status: "refund_needed" });
    expect(rowsOf(buildReceipt(pending, null, null, NEW_YORK)).refund).toBe(
      "$649.00 to be refunded",
    );
  });

  it("prints what a code took off, and the amount paid after it", () => {
    const coded = facts({ amountCents: 54_900, discountCents: 10_000, promoCode: "SPRING-7K3MQ" });
    const rows = rowsOf(buildReceipt(coded, null, null, NEW_YORK));
    expect(rows.discount).toBe("$100.00 off with the code SPRING-7K3MQ");
    expect(rows.amount).toBe("$549.00 (US dollars)");
    const keys = buildReceipt(coded, null, null, NEW_YORK).rows.map((row) => row.key);
    expect(keys.indexOf("discount")).toBe(keys.indexOf("amount") - 1);
    expect(rowsOf(buildReceipt(facts(), null, null, NEW_YORK)).discount).toBeUndefined();
  });

  it("says a full scholarship paid nothing, and never promises a refund of nothing", () => {
    const free = facts({ provider: "free", amountCents: 0, discountCents: 64_900 });
    const rows = rowsOf(buildReceipt({ ...free, promoCode: "FULL-RIDE" }, null, null, NEW_YORK));
    expect(rows.amount).toBe("$0.00 (US dollars)");
    expect(rows.method).toBe("Nothing to pay: a code covered the whole price");
    expect(refundState({ ...free, status: "refund_needed" })).toEqual({ kind: "ended", at: null });
    expect(
      rowsOf(buildReceipt({ ...free, status: "refund_needed" }, null, null, NEW_YORK)).refund,
    ).toBe("None: the seat ended with no refund");
  });

  it("says a test payment is one, and leaves out a cohort with no start date", () => {
    const receipt = buildReceipt(
      facts({ provider: "test", cohortStart: null }),
      null,
      null,
      NEW_YORK,
    );
    expect(receipt.testPayment).toBe(true);
    expect(rowsOf(receipt).method).toBe("The site's test checkout: no card was charged");
    expect(rowsOf(receipt).item).toBe(PRODUCT_NAME);
  });
});
