/** The banner on every page of a public site that runs on the local test checkout (PAYMENT_PROVIDER=test). */
export const testPaymentsBanner = {
  label: "Test payments",
  title: "Test payments only.",
  body: "This site uses a test checkout: no card is charged and no seat is really paid for.",
} as const;
