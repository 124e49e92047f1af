import type { FunnelGroup, FunnelStep } from "./funnel";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** The words of the funnel page, its CSV and the dashboard's charts. */
export const funnelText = {
  nav: "Funnel",
  title: "Funnel",
  referralsNote:
    "Heard from a referral? Seats paid with students' referral codes, and what each referrer earned, are under",
  referralsLink: "Codes: referral rewards",
  intro:
    "Browsers first seen in the period, and how far the people they became have gone since, up to graduating and a confirmed job offer. Each person counts once, in the group of the link that first brought them; a later step counts as having passed the earlier ones.",
  from: "First seen from",
  to: "First seen to",
  group: "Group by",
  show: "Show",
  download: "Download CSV",
  groups: {
    source: "Source",
    campaign: "Campaign",
    content: "Content",
    term: "Term (video id or rep code)",
    link: "Generated link (all tags)",
  } satisfies Record<FunnelGroup, string>,
  steps: {
    visitors: "Visitors",
    leads: "Leads",
    applications: "Applied",
    qualified: "Qualified",
    checkouts: "Started checkout",
    paid: "Paid",
    graduated: "Graduated",
    offer: "Graduated with an offer",
  } satisfies Record<FunnelStep, string>,
  revenue: "Revenue",
  tableLabel: "Funnel by group",
  total: "All visitors",
  empty: "No visitors in this period yet.",
  /** A step's rate as a share of the step before it. */
  rate: (percent: number | null) => (percent === null ? "–" : `${percent}%`),
  rateLabel: "of the step before",
  errors: {
    date: "Please give dates as YYYY-MM-DD.",
    order: "The start of the period must be on or before its end.",
    span: "Please choose a period of at most three years.",
    group: "Group by one of: source, campaign, content, term, link.",
  },
  off: "Analytics is off (ANALYTICS=off): no page views are being counted.",
  charts: {
    title: "Last 30 days",
    daily: "Each day",
    dailySummary: (
      days: number,
      visitors: number,
      leads: number,
      applications: number,
      enrollments: number,
    ) =>
      `Over ${days} days: ${count(visitors, "visitor")}, ${count(leads, "new lead")}, ${count(applications, "application")} and ${count(enrollments, "enrollment")}.`,
    series: {
      visitors: "Visitors",
      leads: "Leads",
      applications: "Applications",
      enrollments: "Enrollments",
    },
    day: "Day",
    funnel: "Funnel",
    funnelSummary: (visitors: number, leads: number, paid: number) =>
      `${visitors} visitors, ${leads} leads, ${paid} paid.`,
    /** The one count of confirmed offers, the same as /admin/testimonials shows. */
    confirmedOffers: (n: number) => `Confirmed offers so far, every cohort: ${n}.`,
    seats: "Seats in the current cohort",
    seatParts: {
      paid: "Paid",
      offered: "Freed and offered",
      emptied: "Left empty after a refund once the cohort started",
      held: "Held in checkout",
      left: "Free",
    },
    seatsSummary: (capacity: number) => `${capacity} seats in all:`,
    sources: "Top sources",
    sourcesSummary: "New visitors by the source that first brought them.",
    source: "Source",
    numbers: "The numbers",
    moreOnFunnel: "Open the funnel",
    none: "Nothing yet.",
  },
};
