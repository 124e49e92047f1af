import { describe, expect, it } from "vitest";
import { isFinanceFit, mentionsFinance } from "./finance-fit";

/** Finance written every way applicants write it: words, abbreviations, any case. */
const FINANCE_TEXTS = [
  "sales and trading",
  "Sales & Trading",
  "equity research at a boutique",
  "INVESTMENT BANKING",
  "private equity",
  "corporate finance",
  "M&A advisory",
  "debt capital markets",
  "wealth management",
  "commercial banking",
  "capital markets",
  "finance",
  "trading",
  "investments",
  "financial planning",
  "treasury",
  "credit risk",
  "market risks",
  "IB",
  "ib",
  "S&T",
  "DCM",
  "ecm",
  "WM",
  "AM at a large firm",
  "ER",
  "PE",
  "a hedge fund",
  "FP&A",
];

/** Other fields, and words that only look like the abbreviations. */
const OTHER_TEXTS = [
  "risky startups",
  "marketing",
  "I am keen on consulting",
  "er, not sure yet",
  "pe teacher",
  "software engineering",
  "ibis conservation",
  "fina",
  "transformation",
  "bankruptcy law",
  "",
];

describe("isFinanceFit", () => {
  it.each(["Wealth Management", "Banking", "Capital Markets"])("accepts %s", (target) => {
    expect(isFinanceFit([target], undefined)).toBe(true);
    expect(isFinanceFit(["Consulting", target], undefined)).toBe(true);
  });

  it("refuses Consulting alone", () => {
    expect(isFinanceFit(["Consulting"], undefined)).toBe(false);
    expect(isFinanceFit(["Consulting"], "investment banking")).toBe(false);
  });

  it("reads the Other text only when Other is ticked", () => {
    expect(isFinanceFit(["Other"], "Private equity")).toBe(true);
    expect(isFinanceFit(["Other"], "Marketing")).toBe(false);
    expect(isFinanceFit(["Other"], "")).toBe(false);
    expect(isFinanceFit([], "finance")).toBe(false);
  });
});

describe("mentionsFinance", () => {
  it.each(FINANCE_TEXTS)("accepts %j", (text) => {
    expect(mentionsFinance(text)).toBe(true);
  });

  it.each(OTHER_TEXTS)("refuses %j", (text) => {
    expect(mentionsFinance(text)).toBe(false);
  });
});
