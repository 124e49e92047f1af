import type { CodeRefusal } from "./codes";

/** What /enroll says about a code (issue 49). */
export const enrollCode = {
  label: "Promo, scholarship or referral code",
  apply: "Apply code",
  remove: "Remove code",
  applied: (code: string, what: string) => `Code ${code} (${what})`,
  youPay: "You pay",
  button: (price: string) => `Enroll Now for ${price}`,
  freeNote: "Your code covers the full price: no card is needed.",
  refusalTitle: "That code can't be used",
  refusals: {
    unknown: "We don't recognize that code. Check it and try again.",
    expired: "That code has expired.",
    used_up: "That code has been used up.",
    other_cohort: "That code isn't for this cohort.",
  } satisfies Record<CodeRefusal, string>,
} as const;
