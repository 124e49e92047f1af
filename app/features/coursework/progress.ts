/**
 * How far along a student is (issue 48, item 4), pure: this week's assignments submitted of those
 * given, 1-on-1s held of those owed so far, group sessions attended of those held, applications
 * sent this week against the mentor's target, and whether the student is behind. The same rules
 * feed the student's home, the mentor's board, the owner's cohort page and the late-work reminder.
 *
 * - An assignment is done once the student has submitted a version of it (reviewed or not).
 * - It is late once its due time (23:59 of its due day in the site's zone, `dueAt`) has passed
 *   by a minute without a version; submitted late, it is done and no longer late.
 * - 1-on-1s owed: one for each programme week that has ended (`weeksEndedBy`, the refund
 *   review's rule); held: the weekly 1-on-1s marked held.
 * - Behind: some assignment is late, or fewer 1-on-1s held than owed.
 */
import { dateInZone } from "~/lib/time-zone";
import { PROGRAMME_WEEKS, programmeWeeks } from "~/features/portal/onboarding";
import { weeksEndedBy } from "~/features/withdrawals/refund-rule";
import { dueAt } from "./coursework";

/** "Due at 23:59" means by the end of that minute. */
export const LATE_AFTER_MS = 60_000;
/**
 * A late assignment is reminded of only within this long after its due time, so a site that was
 * down, or a job deployed after a cohort's weeks, never sends a pile of old reminders.
 */
export const REMINDER_WINDOW_MS = 7 * 24 * 3_600_000;

/** An assignment as the cohort was given it in an opened week. */
export interface GivenAssignment {
  id: string;
  title: string;
  week: number;
  /** 1 (Monday) to 7 (Sunday). */
  dueDay: number;
}

export interface LateAssignment extends GivenAssignment {
  /** UTC ISO. */
  dueAt: string;
}

export type BehindReason = "late_work" | "one_on_ones";

/** What the line is made of, for one student in one cohort. */
export interface ProgressFacts {
  /** The cohort's start date; null while it has none. */
  startDate: string | null;
  /** The assignments of the weeks the cohort has opened, as given. */
  given: readonly GivenAssignment[];
  /** The assignments the student has submitted a version of. */
  submitted: ReadonlySet<string>;
  oneOnOnesHeld: number;
  sessionsAttended: number;
  /** The cohort's group sessions (not cancelled) that have started. */
  sessionsHeld: number;
  applicationsSent: number;
  /** The mentor's weekly target; null while none is set. */
  applicationsTarget: number | null;
}

export interface ProgressLine {
  /** The programme week it is (site's zone); null before and after the six weeks. */
  week: number | null;
  /** This week's assignments during the programme; every week given so far after it. */
  assignments: { done: number; given: number };
  oneOnOnes: { held: number; owed: number };
  sessions: { attended: number; held: number };
  applications: { sent: number; target: number | null };
  late: LateAssignment[];
  /** Empty when on track. */
  behind: BehindReason[];
}

/** Where a cohort stands at `now`, the same for each of its students: worked out once. */
export interface CohortMoment {
  /** The programme week it is (site's zone); null before and after the six weeks. */
  week: number | null;
  /** The assignments the line counts: this week's during the programme, all after it. */
  counted: readonly GivenAssignment[];
  /** 1-on-1s owed so far. */
  owed: number;
  /** The given assignments late for whoever has no version of them, the earliest due first. */
  pastDue: readonly LateAssignment[];
}

/**
 * The cohort's moment at `now`: every due time is worked out here once (a time-zone conversion
 * each), so a page of many students compares instants only.
 */
export function cohortMoment(
  startDate: string | null,
  given: readonly GivenAssignment[],
  now: Date,
  siteZone: string,
): CohortMoment {
  const today = dateInZone(now, siteZone);
  const { phase } = programmeWeeks(startDate, today);
  const pastDue: LateAssignment[] = [];
  for (const a of given) {
    const due = dueAt(startDate, a.week, a.dueDay, siteZone);
    if (due && now.getTime() >= due.getTime() + LATE_AFTER_MS)
      pastDue.push({ ...a, dueAt: due.toISOString() });
  }
  pastDue.sort((x, y) => x.dueAt.localeCompare(y.dueAt) || x.id.localeCompare(y.id));
  return {
    week: phase.kind === "during" ? phase.week : null,
    counted:
      phase.kind === "during"
        ? given.filter((a) => a.week === phase.week)
        : phase.kind === "after"
          ? given
          : [],
    owed: weeksEndedBy(startDate, today),
    pastDue,
  };
}

/** The given assignments past their due time at `now` with no version, the earliest due first. */
export function lateAssignments(
  startDate: string | null,
  given: readonly GivenAssignment[],
  submitted: ReadonlySet<string>,
  now: Date,
  siteZone: string,
): LateAssignment[] {
  return cohortMoment(startDate, given, now, siteZone).pastDue.filter((a) => !submitted.has(a.id));
}

/** Whether a late assignment is still within the window in which its one reminder may go. */
export function remindable(late: Pick<LateAssignment, "dueAt">, now: Date): boolean {
  return now.getTime() - Date.parse(late.dueAt) < REMINDER_WINDOW_MS;
}

/** What the line knows of one student (the cohort's part is in the moment). */
export type StudentFacts = Omit<ProgressFacts, "startDate" | "given">;

/** One student's line at the cohort's moment (see the module's comment). */
export function lineAt(moment: CohortMoment, facts: StudentFacts): ProgressLine {
  const late = moment.pastDue.filter((a) => !facts.submitted.has(a.id));
  const behind: BehindReason[] = [];
  if (late.length > 0) behind.push("late_work");
  if (facts.oneOnOnesHeld < moment.owed) behind.push("one_on_ones");
  return {
    week: moment.week,
    assignments: {
      done: moment.counted.filter((a) => facts.submitted.has(a.id)).length,
      given: moment.counted.length,
    },
    oneOnOnes: { held: facts.oneOnOnesHeld, owed: moment.owed },
    sessions: { attended: facts.sessionsAttended, held: facts.sessionsHeld },
    applications: { sent: facts.applicationsSent, target: facts.applicationsTarget },
    late,
    behind,
  };
}

/** One student's line at `now`. */
export function progressLine(facts: ProgressFacts, now: Date, siteZone: string): ProgressLine {
  return lineAt(cohortMoment(facts.startDate, facts.given, now, siteZone), facts);
}

/** Whether the cohort's programme has begun by `now` (the line means something from then). */
export function hasBegun(startDate: string | null, now: Date, siteZone: string): boolean {
  const { phase } = programmeWeeks(startDate, dateInZone(now, siteZone));
  return phase.kind === "during" || phase.kind === "after";
}

/**
 * Whether a cohort may have an assignment to remind of at `now`: its first week has begun and
 * its last due time (Sunday of week 6) is less than a reminder window ago.
 */
export function inReminderPeriod(startDate: string | null, now: Date, siteZone: string): boolean {
  const last = dueAt(startDate, PROGRAMME_WEEKS, 7, siteZone);
  return (
    last !== null &&
    hasBegun(startDate, now, siteZone) &&
    now.getTime() - last.getTime() < REMINDER_WINDOW_MS + LATE_AFTER_MS
  );
}
