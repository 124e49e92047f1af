/**
 * The finance-fit rule: a finance track is ticked, or the "Other" text names finance.
 * Phrases and words match whole words, case-insensitively, with an optional plural "s"
 * ("risks" counts, "risky" does not).
 */
export const FINANCE_TARGETS = ["Wealth Management", "Banking", "Capital Markets"] as const;

const FINANCE_PHRASES = [
  "sales and trading",
  "sales & trading",
  "equity research",
  "investment banking",
  "private equity",
  "corporate finance",
  "debt capital markets",
  "equity capital markets",
  "leveraged finance",
  "wealth management",
  "asset management",
  "hedge fund",
  "fixed income",
  "banking",
  "bank",
  "capital markets",
  "finance",
  "trading",
  "investment",
  "investing",
  "financial",
  "treasury",
  "risk",
  "M&A",
  "S&T",
  "IB",
  "IBD",
  "DCM",
  "ECM",
  "WM",
  "FP&A",
  "PWM",
  "HF",
  "VC",
];

/**
 * Abbreviations that are also everyday English ("I am", "er"): they count only in capitals,
 * so "I am keen on consulting" is not read as Asset Management.
 */
const CAPITALS_ONLY = ["AM", "ER", "PE"];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
}

const boundary = (body: string) => `(?<![\\p{L}\\p{N}])(?:${body})s?(?![\\p{L}\\p{N}])`;
const phrasePattern = new RegExp(boundary(FINANCE_PHRASES.map(escape).join("|")), "iu");
const capitalsPattern = new RegExp(boundary(CAPITALS_ONLY.map(escape).join("|")), "u");

export function mentionsFinance(text: string | undefined): boolean {
  if (!text) return false;
  return phrasePattern.test(text) || capitalsPattern.test(text);
}

export function isFinanceFit(
  careerTargets: readonly string[],
  careerOther: string | undefined,
): boolean {
  if (careerTargets.some((target) => (FINANCE_TARGETS as readonly string[]).includes(target)))
    return true;
  return careerTargets.includes("Other") && mentionsFinance(careerOther);
}
