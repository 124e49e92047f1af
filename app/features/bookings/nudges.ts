/**
 * When the programme's nudges are due (issue 45, item 2). Pure: no I/O. Programme weeks run
 * Monday to Monday in the site's zone (app/features/bookings/slots.ts); a reader's own moment (mid-week,
 * Monday morning) is a wall-clock time in their zone, made an instant with Temporal (decision
 * 0042), so it holds across a daylight-saving change.
 */
import { Temporal } from "temporal-polyfill";
import { programmeWeekAt, weekMonday } from "./slots";
import { zonedTimeToUtc } from "~/lib/time-zone";

/** A student who has not booked the week's 1-on-1 is reminded from Wednesday noon, their zone. */
export const MID_WEEK = { days: 2, time: "12:00" } as const;
/** A mentor's weekly list goes from Monday 08:00, their zone. */
export const MONDAY_MORNING = { days: 0, time: "08:00" } as const;
/** An unconfirmed offer is reported to the mentor again after 3 days. */
export const OFFER_REMINDER_MS = 3 * 24 * 3_600_000;
/** Reports older than this when first seen are not announced (a new deployment stays quiet). */
export const OUTCOME_LOOKBACK_MS = 14 * 24 * 3_600_000;

/** The instant the wall clock of `zone` reads `at.time` on the `at.days`-th day after `monday`. */
export function wallMoment(monday: string, at: { days: number; time: string }, zone: string): Date {
  const day = Temporal.PlainDate.from(monday).add({ days: at.days }).toString();
  return zonedTimeToUtc(day, at.time, zone);
}

/**
 * The programme week whose nudge is due at `now` for a reader in `zone`: the current week (site's
 * zone) once its `at` moment has come on the reader's wall clock; null outside the six weeks or
 * before the moment.
 */
export function weekDueAt(
  startDate: string | null,
  now: Date,
  at: { days: number; time: string },
  zone: string,
  siteZone: string,
): number | null {
  if (!startDate) return null;
  const week = programmeWeekAt(startDate, now, siteZone);
  if (week === null) return null;
  const moment = wallMoment(weekMonday(startDate, week), at, zone);
  return now.getTime() >= moment.getTime() ? week : null;
}

/** The week whose 1-on-1 a student is reminded of at `now` (mid-week in their zone), if any. */
export const owedNudgeWeek = (start: string | null, now: Date, zone: string, siteZone: string) =>
  weekDueAt(start, now, MID_WEEK, zone, siteZone);

/** The week a mentor's Monday list is due for at `now` (Monday morning in their zone), if any. */
export const mentorListWeek = (start: string | null, now: Date, zone: string, siteZone: string) =>
  weekDueAt(start, now, MONDAY_MORNING, zone, siteZone);

/** Which reminder of an unconfirmed offer is due at `now`: the first at once, the second after 3 days. */
export function offerNudgeDue(reportedAt: string, now: Date): "reported" | "still" {
  return now.getTime() - Date.parse(reportedAt) >= OFFER_REMINDER_MS ? "still" : "reported";
}
