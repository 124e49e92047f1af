import type { Services } from "~/context";
import type { DB } from "~/db/database.server";
import { rosterOf } from "~/features/attendance/marker.server";
import { weekProgressOf } from "~/features/job-search/networking.server";
import { whenFor } from "~/lib/time-zone";
import { cohortProgram } from "./program.server";
import {
  cohortMoment,
  hasBegun,
  lineAt,
  type GivenAssignment,
  type ProgressLine,
} from "./progress";

/**
 * The progress line read from the rows (issue 48, item 4; rules in ./progress.ts): for any number
 * of students of one cohort in a fixed number of queries (the cohort's weeks as given, their
 * submitted assignments, 1-on-1s held, sessions held and attended, and this week's applications),
 * so the owner's cohort page and the mentor's board stay fast whatever the cohort's size.
 */

type Reader = Pick<Services, "db" | "clock" | "config">;

export interface CohortRef {
  id: string;
  startDate: string | null;
}

/** This week's applications against the target, when the caller has them already. */
export type ApplicationsThisWeek = ReadonlyMap<string, { sent: number; target: number | null }>;

/** The assignments of the weeks the cohort has opened, as it was given them. */
export async function givenAssignments(
  services: Reader,
  cohort: CohortRef,
): Promise<GivenAssignment[]> {
  const now = services.clock.now();
  const weeks = await cohortProgram(services.db, cohort, now, services.config.siteTimeZone);
  return weeks
    .filter((week) => week.open)
    .flatMap((week) =>
      week.assignments.map((a) => ({
        id: a.id,
        title: a.title,
        week: week.week,
        dueDay: a.dueDay,
      })),
    );
}

/** Per student, the assignments they have submitted a version of in this cohort. */
export async function submittedBy(
  db: DB,
  cohortId: string,
  personIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>(personIds.map((id) => [id, new Set()]));
  if (personIds.length === 0) return found;
  const rows = await db
    .selectFrom("coursework_submissions")
    .select(["person_id", "assignment_id"])
    .distinct()
    .where("cohort_id", "=", cohortId)
    .where("person_id", "in", personIds)
    .execute();
  for (const row of rows) found.get(row.person_id)?.add(row.assignment_id);
  return found;
}

/** Each student's count in a grouped query's rows. */
const countsOf = (rows: readonly { person_id: string; n: number | string | bigint }[]) =>
  new Map(rows.map((row) => [row.person_id, Number(row.n)]));

/** The line of each of these students of `cohort` at the clock's now. */
export async function progressOf(
  services: Reader,
  cohort: CohortRef,
  personIds: readonly string[],
  /**
   * This week's applications when the caller counts them (or will: a promise read alongside the
   * rest); missing, or undefined once settled, they are read here.
   */
  applications?: ApplicationsThisWeek | Promise<ApplicationsThisWeek | undefined>,
): Promise<Map<string, ProgressLine>> {
  const { db } = services;
  const now = services.clock.now();
  const zone = services.config.siteTimeZone;
  const lines = new Map<string, ProgressLine>();
  if (personIds.length === 0) return lines;
  const nowIso = now.toISOString();
  const [given, submitted, held, sessions, attended, counted, read] = await Promise.all([
    givenAssignments(services, cohort),
    submittedBy(db, cohort.id, personIds),
    db
      .selectFrom("bookings")
      .select(["person_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("cohort_id", "=", cohort.id)
      .where("person_id", "in", personIds)
      .where("kind", "=", "one_on_one")
      .where("status", "=", "booked")
      .where("outcome", "=", "held")
      .groupBy("person_id")
      .execute(),
    db
      .selectFrom("group_sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("cohort_id", "=", cohort.id)
      .where("status", "=", "scheduled")
      .where("starts_at", "<=", nowIso)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("attendance as a")
      .innerJoin("group_sessions as s", "s.id", "a.session_id")
      .select(["a.person_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("s.cohort_id", "=", cohort.id)
      .where("s.status", "=", "scheduled")
      .where("a.person_id", "in", personIds)
      .where("a.status", "=", "attended")
      .groupBy("a.person_id")
      .execute(),
    applications,
    applications === undefined ? weekProgressOf(db, personIds, now, zone) : null,
  ]);
  const weeks = counted ? null : (read ?? (await weekProgressOf(db, personIds, now, zone)));
  const heldBy = countsOf(held);
  const attendedBy = countsOf(attended);
  const moment = cohortMoment(cohort.startDate, given, now, zone);
  for (const personId of personIds) {
    const week = weeks?.get(personId);
    const apps = counted?.get(personId) ?? {
      sent: week?.applicationsSent ?? 0,
      target: week?.applicationsTarget ?? null,
    };
    lines.set(
      personId,
      lineAt(moment, {
        submitted: submitted.get(personId) ?? new Set(),
        oneOnOnesHeld: heldBy.get(personId) ?? 0,
        sessionsAttended: attendedBy.get(personId) ?? 0,
        sessionsHeld: Number(sessions.n),
        applicationsSent: apps.sent,
        applicationsTarget: apps.target,
      }),
    );
  }
  return lines;
}

/**
 * This week's applications from the owner's job-search report, which counts each student's sent
 * applications per programme week already: during the programme its current week is this week
 * (both are Monday to Sunday on the site's calendar), so only the targets are read, alongside the
 * report. Outside the six weeks, undefined: `progressOf` reads the week itself.
 */
async function fromProgrammeWeeks(
  services: Reader,
  cohort: CohortRef,
  personIds: readonly string[],
  jobSearch: Promise<{ perStudent: readonly { personId: string; weeks: readonly number[] }[] }>,
): Promise<ApplicationsThisWeek | undefined> {
  const now = services.clock.now();
  const { week } = cohortMoment(cohort.startDate, [], now, services.config.siteTimeZone);
  if (week === null || personIds.length === 0) return undefined;
  const [targets, report] = await Promise.all([
    services.db
      .selectFrom("job_search_targets")
      .select(["person_id", "applications_per_week"])
      .where("person_id", "in", personIds)
      .execute(),
    jobSearch,
  ]);
  const target = new Map(targets.map((t) => [t.person_id, Number(t.applications_per_week)]));
  const sent = new Map(report.perStudent.map((s) => [s.personId, s.weeks[week - 1] ?? 0]));
  return new Map(
    personIds.map((id) => [id, { sent: sent.get(id) ?? 0, target: target.get(id) ?? null }]),
  );
}

/** The student's home: their line, and their late work with its due time in their zone. */
export interface HomeProgress {
  line: ProgressLine;
  late: { id: string; title: string; week: number; due: string }[];
}

/**
 * One student's line in their cohort, with this week's applications as their home counts them
 * already; null until the programme has begun.
 */
export async function homeProgress(
  services: Reader,
  cohort: CohortRef,
  personId: string,
  applications: { sent: number; target: number | null },
  /** The reader's zone. */
  zone: string,
): Promise<HomeProgress | null> {
  const now = services.clock.now();
  if (!hasBegun(cohort.startDate, now, services.config.siteTimeZone)) return null;
  const lines = await progressOf(services, cohort, [personId], new Map([[personId, applications]]));
  const line = lines.get(personId)!;
  return {
    line,
    late: line.late.map((a) => ({
      id: a.id,
      title: a.title,
      week: a.week,
      due: whenFor(a.dueAt, zone, now),
    })),
  };
}

/** A line with whose it is, as the board and the cohort page list them. */
export interface StudentLine {
  personId: string;
  name: string;
  line: ProgressLine;
}

/** Whether the lines mean anything yet, each student's line, and who is behind (by name). */
export interface CohortProgress {
  begun: boolean;
  rows: StudentLine[];
  behind: { personId: string; name: string }[];
}

/**
 * The owner's cohort page: every paid student's line, in the roster's order; nothing read before
 * the programme has begun. `jobSearch` is the page's own job-search report, whose per-week counts
 * give this week's applications.
 */
export async function cohortProgress(
  services: Reader,
  cohort: CohortRef,
  jobSearch: Promise<{ perStudent: readonly { personId: string; weeks: readonly number[] }[] }>,
): Promise<CohortProgress> {
  if (!hasBegun(cohort.startDate, services.clock.now(), services.config.siteTimeZone))
    return { begun: false, rows: [], behind: [] };
  const students = await rosterOf(services.db, cohort.id, null);
  const ids = students.map((s) => s.personId);
  const lines = await progressOf(
    services,
    cohort,
    ids,
    fromProgrammeWeeks(services, cohort, ids, jobSearch),
  );
  const rows = students.map((s) => ({
    personId: s.personId,
    name: s.name,
    line: lines.get(s.personId)!,
  }));
  return {
    begun: true,
    rows,
    behind: rows
      .filter((r) => r.line.behind.length > 0)
      .map(({ personId, name }) => ({ personId, name })),
  };
}

/**
 * The mentor's board: the line of each of its students in the current cohort, with the board's
 * own count of applications sent this week; none until the programme has begun.
 */
export async function boardProgress(
  services: Reader,
  cohort: CohortRef | null,
  students: readonly {
    personId: string;
    thisWeek: number;
    targets: { applicationsPerWeek: number } | null;
  }[],
): Promise<Map<string, ProgressLine>> {
  if (!cohort || !hasBegun(cohort.startDate, services.clock.now(), services.config.siteTimeZone))
    return new Map();
  const sent = new Map(
    students.map((s) => [
      s.personId,
      { sent: s.thisWeek, target: s.targets?.applicationsPerWeek ?? null },
    ]),
  );
  return progressOf(
    services,
    cohort,
    students.map((s) => s.personId),
    sent,
  );
}

/** The current cohort (the mentor's board shows its students). */
export async function currentCohortRef(db: DB): Promise<CohortRef | null> {
  const row = await db
    .selectFrom("cohorts")
    .select(["id", "start_date"])
    .where("is_current", "=", 1)
    .executeTakeFirst();
  return row ? { id: row.id, startDate: row.start_date } : null;
}
