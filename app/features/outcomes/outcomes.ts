/**
 * The outcomes report (issue 36): what became of a cohort's students, counted as the bootcamp
 * outcomes standard (CIRR) counts it. Pure: no I/O; the facts come from
 * app/features/outcomes/facts.server.ts. Dates are YYYY-MM-DD in the site's zone.
 *
 * Per student (one paid seat in one cohort):
 * - enrolled: they paid for the seat (it may have been refunded since).
 * - withdrawn: the seat was refunded; the withdrawal's date is the refund's.
 * - enrolled at the refund date: enrolled and not withdrawn on or before the last full-refund date
 *   (CIRR's census day, `lastFullRefundDate`: the Sunday of week 2). A student who leaves in
 *   week 1 is in no denominator. Without a start date, every student not withdrawn.
 * - graduated: enrolled at the refund date, never withdrawn, attended at least
 *   `minGroupSessions` group sessions, held at least `minOneOnOnes` 1-on-1s and submitted at
 *   least `minAssignments` assignments (a version of each, reviewed or not) in the cohort (the
 *   owner's settings, 4, 4 and 0 by default: 0 leaves assignments out).
 * - excluded: a graduate who declared they are not job seeking this year on or before the census
 *   day (without a start date: at any time). A later declaration, say after no offer came, leaves
 *   them in the placement denominator.
 * - offered (the funnel's `offer` step): a graduate with a confirmed offer of the programme's,
 *   reported on or after its first day (the Monday of week 1), any track, excluded or not.
 * - in-field offer within 180 days (placement's numerator): offered, not excluded, with such an
 *   offer whose track is in field (`IN_FIELD_TRACKS`: not Consulting, not "Other"), reported by 180
 *   days after the programme's end (the Sunday of week 6).
 * Only confirmed offers count anywhere; an offer's date is the day it was reported.
 *
 * Per group (a cohort, or a mentor's students): the sums of the above, interviews reported,
 * confirmed offers, the median of days from the programme's first day to each student's first
 * confirmed offer reported on or after that day (`programmeOffers`: one held before the programme
 * is not its outcome, so no count is negative), and the NPS of the end survey. Two rates, each with numerator and denominator:
 * - graduation rate = graduated ÷ enrolled at the refund date;
 * - placement rate = students with an in-field offer within 180 days ÷ (graduated − excluded).
 * A rate is a decimal with 3 places, empty where its denominator is 0.
 */
import { FINANCE_TARGETS } from "~/features/applications/finance-fit";
import { mondayOf } from "~/features/cohort/cohort";
import { csvField } from "~/lib/csv";
import { npsOf, type NpsSummary } from "~/features/surveys/nps";
import { PROGRAMME_WEEKS } from "~/features/portal/onboarding";
import { LIMITS } from "~/features/coursework/coursework";
import { lastFullRefundDate } from "~/features/withdrawals/refund-rule";
import { addDays, daysBetween } from "~/lib/calendar-date";

export interface OutcomeSettings {
  minGroupSessions: number;
  minOneOnOnes: number;
  /** 0: assignments are not counted. */
  minAssignments: number;
}

export const DEFAULT_OUTCOME_SETTINGS: OutcomeSettings = {
  minGroupSessions: 4,
  minOneOnOnes: 4,
  minAssignments: 0,
};
/** The settings' range: the programme has six group sessions and six 1-on-1s. */
export const MIN_THRESHOLD = 0;
export const MAX_THRESHOLD = PROGRAMME_WEEKS;
/** Assignments: as many as the six weeks can hold. */
export const MAX_ASSIGNMENTS = PROGRAMME_WEEKS * LIMITS.assignmentsPerWeek;
/** Offers count up to this many days after the programme's end. */
export const PLACEMENT_WINDOW_DAYS = 180;

/** A confirmed offer as the report reads it. */
export interface OfferFact {
  track: string;
  /** The day it was reported. */
  on: string;
}

/** What the report knows about one student's seat in one cohort. */
export interface StudentFacts {
  personId: string;
  cohortId: string;
  mentorId: string | null;
  /** The cohort's start date; null while it has none. */
  startDate: string | null;
  /** The day the seat was refunded; null while it is paid. */
  withdrawnOn: string | null;
  groupSessionsAttended: number;
  oneOnOnesHeld: number;
  /** Assignments of the cohort with at least one version submitted. */
  assignmentsSubmitted: number;
  /**
   * The day (in the site's zone) the student declared they are not job seeking this year; null
   * while job seeking (or when the day of a declaration is unknown: it cannot be shown in time).
   */
  notJobSeekingOn: string | null;
  interviews: number;
  /** Confirmed offers only. */
  offers: readonly OfferFact[];
  /** The end survey's answer (0-10), null without one. */
  surveyScore: number | null;
}

export interface StudentOutcome {
  enrolledAtRefundDate: boolean;
  withdrawn: boolean;
  graduated: boolean;
  excluded: boolean;
  /** The funnel's `offer` step: graduated, with a confirmed offer of the programme's. */
  offered: boolean;
  inFieldOffer180d: boolean;
  /**
   * Days from the programme's first day to the first confirmed offer reported on or after it (0:
   * on that day); null without one. An offer from before the programme is not counted.
   */
  daysToFirstOffer: number | null;
}

/** The programme's first day: the Monday of week 1. */
export function programmeStart(startDate: string): string {
  return mondayOf(startDate);
}

/** The programme's end: the Sunday of week 6. */
export function programmeEnd(startDate: string): string {
  return addDays(mondayOf(startDate), 7 * PROGRAMME_WEEKS - 1);
}

/**
 * In field, the one definition (the report, its page and its CSV's documentation name these
 * tracks): the finance tracks of the finance-fit rule, Wealth Management, Banking and Capital
 * Markets (any case). Consulting is not one, as /apply says, and neither is "Other".
 */
export const IN_FIELD_TRACKS = FINANCE_TARGETS;

export function isInFieldTrack(track: string): boolean {
  const asked = track.trim().toLowerCase();
  return IN_FIELD_TRACKS.some((target) => target.toLowerCase() === asked);
}

/**
 * The offers that are the programme's outcome: those reported on or after its first day (the
 * window's opening, decision 0048); an offer held before the programme is not its outcome. None
 * without a start date.
 */
export function programmeOffers(facts: Pick<StudentFacts, "startDate" | "offers">): OfferFact[] {
  if (!facts.startDate) return [];
  const start = programmeStart(facts.startDate);
  return facts.offers.filter((offer) => offer.on >= start);
}

/** One student's place in each count (see the module's comment). */
export function studentOutcome(facts: StudentFacts, settings: OutcomeSettings): StudentOutcome {
  const withdrawn = facts.withdrawnOn !== null;
  const census = facts.startDate ? lastFullRefundDate(facts.startDate) : null;
  const enrolledAtRefundDate =
    !withdrawn || (census !== null && (facts.withdrawnOn as string) > census);
  const graduated =
    enrolledAtRefundDate &&
    !withdrawn &&
    facts.groupSessionsAttended >= settings.minGroupSessions &&
    facts.oneOnOnesHeld >= settings.minOneOnOnes &&
    facts.assignmentsSubmitted >= settings.minAssignments;
  const excluded =
    graduated &&
    facts.notJobSeekingOn !== null &&
    (census === null || facts.notJobSeekingOn <= census);
  const start = facts.startDate ? programmeStart(facts.startDate) : null;
  const windowEnd = facts.startDate
    ? addDays(programmeEnd(facts.startDate), PLACEMENT_WINDOW_DAYS)
    : null;
  const ours = programmeOffers(facts);
  const offered = graduated && ours.length > 0;
  const inFieldOffer180d =
    offered &&
    !excluded &&
    ours.some((offer) => isInFieldTrack(offer.track) && offer.on <= (windowEnd as string));
  const first = ours.map((offer) => offer.on).sort()[0];
  return {
    enrolledAtRefundDate,
    withdrawn,
    graduated,
    excluded,
    offered,
    inFieldOffer180d,
    daysToFirstOffer: first && start ? daysBetween(start, first) : null,
  };
}

export interface Rate {
  numerator: number;
  denominator: number;
  /** A decimal with 3 places ("0.667"), "" where the denominator is 0. */
  value: string;
}

export function rateOf(numerator: number, denominator: number): Rate {
  return {
    numerator,
    denominator,
    value: denominator === 0 ? "" : (numerator / denominator).toFixed(3),
  };
}

/** The median of `values`, null for none (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface OutcomeFigures {
  enrolled: number;
  enrolledAtRefundDate: number;
  graduated: number;
  withdrawn: number;
  excluded: number;
  interviews: number;
  confirmedOffers: number;
  offersInField180d: number;
  medianDaysToOffer: number | null;
  nps: NpsSummary;
  graduationRate: Rate;
  placementRate: Rate;
}

/** A group's figures: its students' outcomes added up. */
export function outcomeFigures(
  students: readonly StudentFacts[],
  settings: OutcomeSettings,
): OutcomeFigures {
  const outcomes = students.map((facts) => studentOutcome(facts, settings));
  const count = (pick: (outcome: StudentOutcome) => boolean) => outcomes.filter(pick).length;
  const graduated = count((o) => o.graduated);
  const excluded = count((o) => o.excluded);
  const enrolledAtRefundDate = count((o) => o.enrolledAtRefundDate);
  const offersInField180d = count((o) => o.inFieldOffer180d);
  return {
    enrolled: students.length,
    enrolledAtRefundDate,
    graduated,
    withdrawn: count((o) => o.withdrawn),
    excluded,
    interviews: students.reduce((sum, facts) => sum + facts.interviews, 0),
    confirmedOffers: students.reduce((sum, facts) => sum + facts.offers.length, 0),
    offersInField180d,
    medianDaysToOffer: median(
      outcomes.flatMap((o) => (o.daysToFirstOffer === null ? [] : [o.daysToFirstOffer])),
    ),
    nps: npsOf(
      students.flatMap((facts) => (facts.surveyScore === null ? [] : [facts.surveyScore])),
    ),
    graduationRate: rateOf(graduated, enrolledAtRefundDate),
    placementRate: rateOf(offersInField180d, graduated - excluded),
  };
}

/** Figures per group, in the order the groups first appear in `keys` then in `students`. */
export function outcomesBy(
  students: readonly StudentFacts[],
  keyOf: (facts: StudentFacts) => string,
  settings: OutcomeSettings,
  keys: readonly string[] = [],
): Map<string, OutcomeFigures> {
  const groups = new Map<string, StudentFacts[]>(keys.map((key) => [key, []]));
  for (const facts of students) {
    const key = keyOf(facts);
    groups.set(key, [...(groups.get(key) ?? []), facts]);
  }
  return new Map([...groups].map(([key, group]) => [key, outcomeFigures(group, settings)]));
}

export const OUTCOMES_CSV_HEADER =
  "cohort,enrolled,enrolled_at_refund_date,graduated,withdrawn,excluded,offers_in_field_180d,graduation_rate,placement_rate";

/** One line per cohort, the cohort named by `cohort`. */
export function outcomesCsv(rows: readonly { cohort: string; figures: OutcomeFigures }[]): string {
  const lines = rows.map(({ cohort, figures: f }) =>
    [
      csvField(cohort),
      f.enrolled,
      f.enrolledAtRefundDate,
      f.graduated,
      f.withdrawn,
      f.excluded,
      f.offersInField180d,
      f.graduationRate.value,
      f.placementRate.value,
    ].join(","),
  );
  return [OUTCOMES_CSV_HEADER, ...lines].join("\r\n") + "\r\n";
}

/** The CSV's `cohort` parameter: every cohort, one cohort's id, or something else. */
export type CohortChoice = { kind: "all" } | { kind: "one"; id: string } | { kind: "bad" };

export function readCohortChoice(value: string | null): CohortChoice {
  if (value === null || value === "all") return { kind: "all" };
  return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? { kind: "one", id: value } : { kind: "bad" };
}
