/** The words of the owner's money page (issue 49, item 5): /admin/money and its CSV. */

export const moneyText = {
  nav: "Money",
  title: "Money",
  intro:
    "What each cohort's seats brought in. Gross is the list price of every paid seat (refunded ones too); discounts are what promo codes, scholarships and referral codes took off; refunds are what was given back. Net is what was kept: gross minus discounts minus refunds. Referral rewards are what referrers were refunded or are still owed for friends who enrolled; outstanding plan payments are instalments not yet paid.",
  byCohort: "By cohort",
  cohortColumn: "Cohort",
  columns: {
    payments: "Paid seats",
    gross: "Gross",
    discounts: "Discounts",
    refunds: "Refunds",
    net: "Net",
    rewardsPaid: "Referral rewards paid",
    rewardsOwed: "Referral rewards owed",
    outstanding: "Outstanding plan payments",
  },
  allCohorts: "All cohorts",
  noCohorts: "No cohorts yet.",
  picker: { label: "Cohort", show: "Show" },
  chosen: (cohort: string) => `Cohort: ${cohort}`,
  download: "Download the payments as CSV",
  byCode: "By code",
  codeColumns: {
    code: "Code",
    uses: "Uses",
    gross: "Gross",
    discounts: "Discounts",
    refunds: "Refunds",
    net: "Net",
  },
  noCode: "No code",
  byReferrer: "By referrer",
  referrerColumns: {
    referrer: "Referrer",
    friends: "Friends enrolled",
    owed: "Rewards owed",
    paid: "Rewards paid",
  },
  noPayments: "No paid seats in this cohort yet.",
  noReferrers: "No friend has enrolled with a referral code in this cohort yet.",
  tableLabel: (table: string) => `Money: ${table}`,
  csvMissingCohort: "Choose a cohort: /admin/money.csv?cohort=<cohort id>",
} as const;

/** The CSV's header: one line per payment. */
export const MONEY_CSV_HEADER = [
  "date",
  "person",
  "email",
  "code",
  "list price (USD)",
  "discount (USD)",
  "charged (USD)",
  "refunded (USD)",
  "kept (USD)",
  "status",
] as const;
