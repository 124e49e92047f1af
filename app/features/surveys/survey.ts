/**
 * The end-of-programme survey's rules (issue 36, item 3): when a cohort's survey goes out, when
 * its one reminder is due, and the answer form's schema. Pure: no I/O.
 */
import { surveyPage } from "./survey.words";
import { z } from "~/lib/zod";
import { PROGRAMME_WEEKS } from "~/features/portal/onboarding";
import { normalizeBody } from "~/lib/text-fields";
import { optionalText as text } from "~/lib/text-fields";
import { weekMonday, weekWindow } from "~/features/bookings/slots";

/** The answers' free text is bounded. */
export const SURVEY_TEXT_MAX = 1000;
/** One reminder, this long after the survey went out, while it is unanswered. */
export const SURVEY_REMINDER_MS = 3 * 24 * 3_600_000;
/**
 * A cohort is surveyed only within this long of its week 6 ending: when the job is first
 * deployed, cohorts that ended long ago are not surveyed months later.
 */
export const SURVEY_CATCH_UP_MS = 14 * 24 * 3_600_000;

/** The scores, 0 to 10, as the form's radio values. */
export const SURVEY_SCORES = Array.from({ length: 11 }, (_, score) => String(score)) as [
  string,
  ...string[],
];

/**
 * When the cohort's survey is due: the end of its week 6, the Monday after it at 00:00 in the
 * site's zone; null without a start date.
 */
export function surveyDueAt(startDate: string | null, siteZone: string): Date | null {
  if (!startDate) return null;
  return weekWindow(weekMonday(startDate, PROGRAMME_WEEKS), siteZone).end;
}

/** Whether the cohort's survey goes out at `now`: week 6 has ended, less than 14 days ago. */
export function surveyOpen(startDate: string | null, now: Date, siteZone: string): boolean {
  const due = surveyDueAt(startDate, siteZone);
  if (!due) return false;
  const since = now.getTime() - due.getTime();
  return since >= 0 && since < SURVEY_CATCH_UP_MS;
}

/** The latest `sent_at` whose survey, unanswered and not reminded yet, is due its reminder. */
export function reminderCutoff(now: Date): string {
  return new Date(now.getTime() - SURVEY_REMINDER_MS).toISOString();
}

const e = surveyPage.errors;

/** Long texts are kept as other long texts are: line endings as LF, trimmed (normalizeBody). */
const optionalText = text(SURVEY_TEXT_MAX, {
  normalize: normalizeBody,
  tooLong: e.tooLong(SURVEY_TEXT_MAX),
}).transform((value) => value || null);

/** The answer: a score 0-10 (required) and the two optional texts, each bounded. */
export const surveyAnswerSchema = z.object({
  score: z.enum(SURVEY_SCORES, { error: e.score }).transform(Number),
  helped: optionalText,
  change: optionalText,
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;
