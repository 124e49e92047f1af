/**
 * Each week's work (issue 48), pure: what an assignment asks for, when it is due, when a week
 * opens, the limits on every field, and a week as a cohort was given it.
 */
import { addDays } from "~/lib/calendar-date";
import { zonedTimeToUtc } from "~/lib/time-zone";
import { PROGRAMME_WEEKS, programmeWeeks } from "~/features/portal/onboarding";
import { z } from "~/lib/zod";

export const ASSIGNMENT_KINDS = ["docx", "link", "text"] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];
export const REVIEW_VERDICTS = ["looks_good", "revise"] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];
/** A version waits for its mentor until they give a verdict on it. */
export type SubmissionStatus = "waiting" | ReviewVerdict;

export const LIMITS = {
  weekTitle: 80,
  material: 20_000,
  url: 500,
  resources: 10,
  assignmentsPerWeek: 6,
  assignmentTitle: 120,
  instructions: 4_000,
  answer: 10_000,
  comment: 4_000,
  /** Versions a student may submit for one assignment. */
  versions: 10,
  /** A .docx, as the resume review takes. */
  fileBytes: 5 * 1024 * 1024,
} as const;

/** A week's material and assignments as a student reads them. */
export interface WeekContent {
  week: number;
  title: string;
  material: string;
  videoUrl: string | null;
  resources: string[];
  assignments: AssignmentContent[];
}

export interface AssignmentContent {
  id: string;
  title: string;
  instructions: string;
  /** 1 (Monday) to 7 (Sunday). */
  dueDay: number;
  kind: AssignmentKind;
}

/** A frozen week as stored (cohort_weeks.content). */
export const weekContentSchema = z.object({
  week: z.number(),
  title: z.string(),
  material: z.string(),
  videoUrl: z.string().nullable(),
  resources: z.array(z.string()),
  assignments: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      instructions: z.string(),
      dueDay: z.number(),
      kind: z.enum(ASSIGNMENT_KINDS),
    }),
  ),
}) satisfies z.ZodType<WeekContent>;

export const isWeek = (n: number) => Number.isInteger(n) && n >= 1 && n <= PROGRAMME_WEEKS;

/**
 * When week `week` of a cohort starting on `startDate` opens: its Monday's midnight in the site's
 * zone; null while the cohort has no start date.
 */
export function weekOpensAt(startDate: string | null, week: number, siteZone: string): Date | null {
  const monday = programmeWeeks(startDate, "2000-01-01").weeks[week - 1]?.startsOn ?? null;
  return monday ? zonedTimeToUtc(monday, "00:00", siteZone) : null;
}

/**
 * When an assignment is due: 23:59 on day `dueDay` (1 = Monday) of its week, in the site's zone,
 * so every student has the same deadline whatever their own zone (they read it in theirs).
 */
export function dueAt(
  startDate: string | null,
  week: number,
  dueDay: number,
  siteZone: string,
): Date | null {
  const monday = programmeWeeks(startDate, "2000-01-01").weeks[week - 1]?.startsOn ?? null;
  return monday ? zonedTimeToUtc(addDays(monday, dueDay - 1), "23:59", siteZone) : null;
}

/** The weeks of a cohort that have opened by `now` (none while it has no start date). */
export function openedWeeks(startDate: string | null, now: Date, siteZone: string): number[] {
  const weeks: number[] = [];
  for (let week = 1; week <= PROGRAMME_WEEKS; week++) {
    const opens = weekOpensAt(startDate, week, siteZone);
    if (opens && opens.getTime() <= now.getTime()) weeks.push(week);
  }
  return weeks;
}

/** The next version number, or null when the student has used every version allowed. */
export function nextVersion(versions: readonly number[]): number | null {
  const next = Math.max(0, ...versions) + 1;
  return next > LIMITS.versions ? null : next;
}
