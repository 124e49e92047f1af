import { describe, expect, it } from "vitest";
import { countPdfPages, pdfText } from "../../../tests/support/documents";
import { buildReceipt, type PaymentFacts } from "./receipt";
import { receiptPdf, winAnsiSafe } from "./receipt-pdf.server";

const facts: PaymentFacts = {
  id: "3f2a9c1b-0000-4000-8000-000000000001",
  createdAt: "2026-11-29T21:30:00.000Z",
  amountCents: 54_900,
  discountCents: 10_000,
  promoCode: "SPRING-7K3MQ",
  taxCents: 3_100,
  provider: "test",
  status: "refunded",
  refundedAt: "2026-12-02T15:00:00.000Z",
  withdrawalRefundCents: null,
  cohortStart: "2027-01-13",
  email: "ada@example.com",
  personName: "Ada Lovelace",
};

describe("winAnsiSafe", () => {
  it("keeps Latin letters and typographic punctuation, and prints others as ?", () => {
    expect(winAnsiSafe("José Müller – “Ø” €5")).toBe("José Müller – “Ø” €5");
    expect(winAnsiSafe("Jose\u0301")).toBe("José");
    expect(winAnsiSafe("李雷 Ada")).toBe("?? Ada");
    expect(winAnsiSafe("4:30\u202fPM EST")).toBe("4:30 PM EST");
  });
});

describe("receiptPdf", () => {
  it("is one Letter page with the seller and every line of the receipt", async () => {
    const receipt = buildReceipt(
      facts,
      { payerName: "Grace Lovelace", organization: "Acme Corp", address: "1 Main St\nTown" },
      { legalName: "Scratch Ventures LLC", address: "9 Market St\nSpringfield, IL 62701" },
      { name: "From Scratch to Success", contactEmail: "hello@example.com", zone: "UTC" },
    );
    const pdf = await receiptPdf(receipt, { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(countPdfPages(pdf)).toBe(1);
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const expected of [
      "Scratch Ventures LLC",
      "9 Market St",
      "Springfield, IL 62701",
      "Receipt",
      receipt.number,
      "Grace Lovelace",
      "Acme Corp",
      "$100.00 off with the code SPRING-7K3MQ",
      "$549.00 (US dollars)",
      "$31.00, calculated by Stripe Tax",
      "$549.00 refunded on Wed, Dec 2, 2026, 3:00 PM UTC (UTC)",
      "The site's test checkout: no card was charged",
      "Test payment: this receipt comes from the site's test checkout.",
    ])
      expect(text).toContain(expected);
  });
});
