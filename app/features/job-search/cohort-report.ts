/**
 * The owner's view of a cohort's job search (issue 47, item 6), pure: from the cohort's paid
 * students, their applications (with the current stage) and every move of those applications,
 * the counts by current stage and by track, the applications each student sent in each programme
 * week, and how long students took from their first application to their first interview and to
 * their first offer. The CSV (/admin/cohorts/:id/applications.csv) reads the same dates.
 *
 * An application is "sent" at its first move to Applied; one that skipped Applied (a referral
 * straight to an interview) is sent at its first move to Interview or Offer (`sentAt`). The page
 * counts the same in SQL from the first dates each application's row keeps (decision 0068); the
 * database test holds that count to this one, read from the moves.
 */
import { addDays } from "~/lib/calendar-date";
import { zonedTimeToUtc } from "~/lib/time-zone";
import { PROGRAMME_WEEKS, programmeWeeks } from "~/features/portal/onboarding";
import { firstDates, sentAt } from "./first-dates";
import { STAGES, type Stage } from "./stages";

export interface ReportStudent {
  personId: string;
  name: string;
  email: string;
}

export interface ReportApplication {
  id: string;
  personId: string;
  firm: string;
  role: string;
  track: string | null;
  source: string;
  stage: Stage;
  round: number | null;
  createdAt: string;
}

export interface ReportMove {
  applicationId: string;
  at: string;
  to: Stage;
}

/** The dates of one application's history (UTC instants), null when it never happened. */
export interface ApplicationDates {
  sent: string | null;
  firstInterview: string | null;
  offer: string | null;
  lastMove: string | null;
}

const earliest = (a: string | null, b: string) => (a === null || b < a ? b : a);
const latest = (a: string | null, b: string) => (a === null || b > a ? b : a);

/**
 * Each application's dates, read from its moves: its first dates by the rule every writer keeps
 * on the row (`firstDates`), when it was sent (`sentAt`), and its latest move.
 */
export function applicationDates(moves: readonly ReportMove[]): Map<string, ApplicationDates> {
  const histories = new Map<string, ReportMove[]>();
  for (const move of moves) {
    const history = histories.get(move.applicationId);
    if (history) history.push(move);
    else histories.set(move.applicationId, [move]);
  }
  const dates = new Map<string, ApplicationDates>();
  for (const [id, history] of histories) {
    const first = firstDates(history);
    dates.set(id, {
      sent: sentAt(first),
      firstInterview: first.first_interview_at,
      offer: first.first_offer_at,
      lastMove: history.reduce<string | null>((last, move) => latest(last, move.at), null),
    });
  }
  return dates;
}

/** The median of `values` (the mean of the middle two for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const DAY_MS = 86_400_000;

/** A median in days (one decimal) and how many students it covers. */
export interface MedianDays {
  days: number | null;
  students: number;
}

function medianDays(spans: readonly number[]): MedianDays {
  const m = median(spans);
  return { days: m === null ? null : Math.round((m / DAY_MS) * 10) / 10, students: spans.length };
}

/** The week bucket an instant falls in: before week 1, week 1..6, after the last, or undated. */
type WeekBucket = { kind: "before" | "after" | "unscheduled" } | { kind: "during"; week: number };

/**
 * The instants (UTC, ISO) where the programme weeks begin, and where the last one ends: each
 * Monday's midnight in the site's zone, as `programmeWeeks` dates them; empty for a cohort without
 * a start date. The page's SQL compares sent dates with them as text, as `weekBucketer` does.
 */
export function weekBounds(startDate: string | null, siteZone: string): string[] {
  const { weeks } = programmeWeeks(startDate, "2000-01-01");
  if (!weeks[0]!.startsOn) return [];
  const mondays = weeks.map((week) => week.startsOn!);
  return [...mondays, addDays(mondays.at(-1)!, 7)].map((date) =>
    zonedTimeToUtc(date, "00:00", siteZone).toISOString(),
  );
}

/**
 * Which programme week an instant falls in: the weeks' boundaries are worked out once, so
 * bucketing thousands of applications costs a comparison each, not a time-zone conversion.
 */
export function weekBucketer(
  startDate: string | null,
  siteZone: string,
): (instant: string) => WeekBucket {
  const bounds = weekBounds(startDate, siteZone).map((bound) => Date.parse(bound));
  if (bounds.length === 0) return () => ({ kind: "unscheduled" });
  return (instant) => {
    const t = Date.parse(instant);
    if (t < bounds[0]!) return { kind: "before" };
    const week = bounds.findIndex((bound) => t < bound);
    return week === -1 ? { kind: "after" } : { kind: "during", week };
  };
}

export interface StudentWeeks {
  personId: string;
  name: string;
  /** Sent before week 1. */
  before: number;
  /** Sent in weeks 1..PROGRAMME_WEEKS. */
  weeks: number[];
  /** Sent after the last week (or, for a cohort without a start date, at any time). */
  after: number;
  sent: number;
  total: number;
}

export interface CohortJobSearch {
  students: number;
  applications: number;
  byStage: { stage: Stage; count: number }[];
  byTrack: { track: string | null; count: number }[];
  perStudent: StudentWeeks[];
  toInterview: MedianDays;
  toOffer: MedianDays;
}

/** How many applications are at a stage in a track. */
export interface StageTrackCount {
  stage: Stage;
  track: string | null;
  count: number;
}

/**
 * One student's applications, counted: sent per week bucket, and the first sent, interview and
 * offer among them. The page counts them in SQL (./cohort-report.server.ts); `tallyStudents`
 * counts the same from the moves.
 */
export type StudentTally = Omit<StudentWeeks, "name"> & {
  firstSent: string | null;
  firstInterview: string | null;
  firstOffer: string | null;
};

const emptyTally = (personId: string): StudentTally => ({
  personId,
  before: 0,
  weeks: Array.from({ length: PROGRAMME_WEEKS }, () => 0),
  after: 0,
  sent: 0,
  total: 0,
  firstSent: null,
  firstInterview: null,
  firstOffer: null,
});

/** Each student's tally, from their applications and those applications' moves. */
export function tallyStudents(input: {
  applications: readonly Pick<ReportApplication, "id" | "personId">[];
  moves: readonly ReportMove[];
  startDate: string | null;
  siteZone: string;
}): StudentTally[] {
  const dates = applicationDates(input.moves);
  const weekOf = weekBucketer(input.startDate, input.siteZone);
  const tallies = new Map<string, StudentTally>();
  for (const application of input.applications) {
    const row = tallies.get(application.personId) ?? emptyTally(application.personId);
    tallies.set(application.personId, row);
    row.total += 1;
    const d = dates.get(application.id);
    if (!d?.sent) continue;
    row.sent += 1;
    row.firstSent = earliest(row.firstSent, d.sent);
    if (d.firstInterview) row.firstInterview = earliest(row.firstInterview, d.firstInterview);
    if (d.offer) row.firstOffer = earliest(row.firstOffer, d.offer);
    const bucket = weekOf(d.sent);
    if (bucket.kind === "during") row.weeks[bucket.week - 1]! += 1;
    else if (bucket.kind === "before") row.before += 1;
    else row.after += 1;
  }
  return [...tallies.values()];
}

/**
 * The report from its counts: stages in the pipeline's order, tracks most first, each student in
 * the order given (with zeros when they have no application), and the medians over students.
 */
export function assembleJobSearch(input: {
  students: readonly ReportStudent[];
  counts: readonly StageTrackCount[];
  tallies: readonly StudentTally[];
}): CohortJobSearch {
  const { students, counts } = input;
  const byStage = STAGES.map((stage) => ({
    stage,
    count: counts.filter((c) => c.stage === stage).reduce((sum, c) => sum + c.count, 0),
  }));
  const tracks = new Map<string | null, number>();
  for (const c of counts) tracks.set(c.track, (tracks.get(c.track) ?? 0) + c.count);
  const byTrack = [...tracks]
    .map(([track, count]) => ({ track, count }))
    // Most first; ties by name, "not said" last.
    .sort(
      (a, b) =>
        b.count - a.count ||
        Number(a.track === null) - Number(b.track === null) ||
        (a.track ?? "").localeCompare(b.track ?? ""),
    );
  const tallies = new Map(input.tallies.map((t) => [t.personId, t]));
  const toInterview: number[] = [];
  const toOffer: number[] = [];
  const perStudent = students.map((student): StudentWeeks => {
    const t = tallies.get(student.personId) ?? emptyTally(student.personId);
    const span = (until: string | null) =>
      t.firstSent && until ? Math.max(0, Date.parse(until) - Date.parse(t.firstSent)) : null;
    const interview = span(t.firstInterview);
    const offer = span(t.firstOffer);
    if (interview !== null) toInterview.push(interview);
    if (offer !== null) toOffer.push(offer);
    const { before, weeks, after, sent, total } = t;
    return { personId: student.personId, name: student.name, before, weeks, after, sent, total };
  });
  return {
    students: students.length,
    applications: counts.reduce((sum, c) => sum + c.count, 0),
    byStage,
    byTrack,
    perStudent,
    toInterview: medianDays(toInterview),
    toOffer: medianDays(toOffer),
  };
}

/**
 * The cohort's job search from its rows. Weeks are the programme's (Monday of the start date's
 * week, the site's calendar); `students` are listed in the order given, each with their
 * applications sent per week.
 */
export function cohortJobSearch(input: {
  students: readonly ReportStudent[];
  applications: readonly Pick<ReportApplication, "id" | "personId" | "track" | "stage">[];
  moves: readonly ReportMove[];
  startDate: string | null;
  siteZone: string;
}): CohortJobSearch {
  const counts = new Map<string, StageTrackCount>();
  for (const { stage, track } of input.applications) {
    const key = JSON.stringify([stage, track]);
    const found = counts.get(key) ?? { stage, track, count: 0 };
    found.count += 1;
    counts.set(key, found);
  }
  return assembleJobSearch({
    students: input.students,
    counts: [...counts.values()],
    tallies: tallyStudents(input),
  });
}
