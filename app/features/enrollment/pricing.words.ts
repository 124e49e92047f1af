/** The program prices, in whole cents so no arithmetic rounds. */
export const PRICE_CENTS = 64_900;
export const CURRENCY = "usd";
export const PRODUCT_NAME = "From Scratch to Success: 6-week cohort";

export const valueItems = [
  { label: "1-on-1 mentorship", cents: 150_000 },
  { label: "Resume and cover letter review", cents: 50_000 },
  { label: "Interview preparation", cents: 50_000 },
  { label: "Networking strategy", cents: 30_000 },
  { label: "Application strategy", cents: 20_000 },
] as const;

export const TOTAL_VALUE_CENTS = 300_000;
export const EARLY_ACCESS_DISCOUNT_CENTS = 235_100;

/** Made once: `toLocaleString` with options builds a formatter per call (~50 µs each). */
const WHOLE_DOLLARS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const DOLLARS_AND_CENTS = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$649" for whole dollars, "$519.20" otherwise (never "$519.2"). */
export function formatDollars(cents: number): string {
  const format = cents % 100 === 0 ? WHOLE_DOLLARS : DOLLARS_AND_CENTS;
  return `$${format.format(cents / 100)}`;
}
