/** The words of the outcomes report (issue 36, item 4): /admin/outcomes and its CSV. */

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export const outcomesValidation = {
  threshold: (min: number, max: number) => `Please enter a whole number from ${min} to ${max}`,
  intent: "Please use the form on the page.",
} as const;

export const outcomesText = {
  nav: "Outcomes",
  title: "Outcomes",
  intro:
    "What became of each cohort's students, counted as the bootcamp outcomes standard (CIRR) counts it. A student who leaves by the last full-refund day (the end of week 2) is in no rate. Graduates attended enough group sessions and held enough 1-on-1s. Placement counts graduates with a confirmed offer in a finance track (wealth management, banking or capital markets; consulting and other tracks are not in field) within 180 days of the program's end, leaving out graduates who said at onboarding they are not job seeking. Only confirmed offers count.",
  byCohort: "By cohort",
  byMentor: "By mentor",
  cohortColumn: "Cohort",
  mentorColumn: "Mentor",
  columns: {
    enrolled: "Enrolled",
    enrolledAtRefundDate: "Still enrolled at the last full-refund day",
    graduated: "Graduated",
    withdrawn: "Withdrawn",
    excluded: "Excluded (not job seeking)",
    interviews: "Interviews",
    confirmedOffers: "Confirmed offers",
    offersInField180d: "In-field offers within 180 days",
    graduationRate: "Graduation rate",
    placementRate: "Placement rate",
    medianDaysToOffer: "Median days from start to first offer",
    nps: "NPS",
    csv: "CSV",
  },
  /** A rate as "n / d (rate)"; "–" in place of the rate over nothing. */
  rate: (numerator: number, denominator: number, value: string) =>
    `${numerator} / ${denominator} (${value || "–"})`,
  days: (days: number | null) => (days === null ? "–" : String(days)),
  nps: (nps: number | null, answers: number) =>
    nps === null ? "–" : `${nps} (${plural(answers, "answer")})`,
  cohortName: (startDate: string | null) => (startDate ? `Starts ${startDate}` : "No start date"),
  noMentor: "No mentor yet",
  noCohorts: "No cohorts yet.",
  noMentors: "No student has a mentor yet.",
  download: "Download CSV (all cohorts)",
  downloadOne: "CSV",
  downloadOneLabel: (name: string) => `Download the CSV of the cohort: ${name}`,
  tableLabel: (by: string) => `Outcomes ${by.toLowerCase()}`,
  settings: {
    title: "What counts as graduating",
    intro:
      "A student graduates when they attended at least this many of the six group sessions, held at least this many of the six 1-on-1s and submitted at least this many assignments (0 leaves assignments out).",
    minGroupSessions: "Group sessions attended (0-6)",
    minOneOnOnes: "1-on-1s held (0-6)",
    minAssignments: (max: number) => `Assignments submitted (0-${max})`,
    save: "Save",
    saved: "Saved: the report counts graduates with the new minimums.",
  },
  csvErrors: {
    cohort:
      "The cohort parameter must be 'all' or the id of a cohort, for example /admin/outcomes.csv?cohort=all.",
    unknown: (id: string) => `No cohort has the id ${id}. Use 'all' for every cohort.`,
  },
} as const;
