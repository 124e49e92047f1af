/**
 * The 1-on-1s each student is owed (issue 35, item 3): one 30-minute 1-on-1 with their own mentor
 * in each programme week (Monday 00:00 to Monday 00:00 in the site's zone, weeks 1-6 from the
 * Monday of the cohort's start), in a free slot of the mentor's weekly availability. Pure: no I/O.
 * Wall-clock availability becomes instants with Temporal (decision 0042).
 */
import { Temporal } from "temporal-polyfill";
import { mondayOf } from "~/features/cohort/cohort";
import { PROGRAMME_WEEKS, programmeWeeks } from "~/features/portal/onboarding";
import { dateInZone } from "~/lib/time-zone";

export const SLOT_MINUTES = 30;
/** The interview deep-dive (issue 35, item 4): one 60-minute session per programme. */
export const DEEP_DIVE_MINUTES = 60;
/** The longest booking there is: how far back a booking can start and still overlap a window. */
export const LONGEST_BOOKING_MS = Math.max(SLOT_MINUTES, DEEP_DIVE_MINUTES) * 60_000;
/** A slot can be booked only this long before it starts. */
export const MIN_NOTICE_MS = 12 * 3_600_000;
/** A student reschedules or cancels only this long before; later the mentor decides. */
export const STUDENT_CHANGE_CUTOFF_MS = 24 * 3_600_000;
/** Reminders go this long before a 1-on-1. */
export const REMINDERS = [
  { key: "24h", beforeMs: 24 * 3_600_000 },
  { key: "1h", beforeMs: 3_600_000 },
] as const;
export type ReminderKey = (typeof REMINDERS)[number]["key"];

/** One row of weekly availability: ISO weekday (1 Monday .. 7 Sunday), minutes of the day. */
export interface AvailabilityRow {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** A bookable slot, as UTC ISO instants. */
export interface Slot {
  startsAt: string;
  endsAt: string;
}

function plainDate(date: string): Temporal.PlainDate {
  return Temporal.PlainDate.from(date);
}

/** The instant the wall clock of `timeZone` reads 00:00 on `date` (or the first minute after). */
function startOfDay(date: string, timeZone: string): Date {
  const zoned = plainDate(date).toZonedDateTime({ timeZone });
  return new Date(zoned.epochMilliseconds);
}

/** The programme week starting on `monday`: [start, end) as instants, midnight to midnight in the site's zone. */
export function weekWindow(monday: string, siteZone: string): { start: Date; end: Date } {
  const next = plainDate(monday).add({ days: 7 }).toString();
  return { start: startOfDay(monday, siteZone), end: startOfDay(next, siteZone) };
}

/** The Monday (YYYY-MM-DD) of programme week `week` of a cohort starting on `startDate`. */
export function weekMonday(startDate: string, week: number): string {
  return plainDate(mondayOf(startDate))
    .add({ days: 7 * (week - 1) })
    .toString();
}

/**
 * The programme week (1-6) `instant` falls in, or null outside the six weeks or without a start:
 * weeks run Monday 00:00 to Monday 00:00 in the site's zone.
 */
export function programmeWeekAt(
  startDate: string | null,
  instant: Date,
  siteZone: string,
): number | null {
  const { phase } = programmeWeeks(startDate, dateInZone(instant, siteZone));
  return phase.kind === "during" ? phase.week : null;
}

/**
 * The weeks a student may book in at `now`: before the programme, week 1 (and 2); during it, the
 * current week and the next one; none after it or without a start date.
 */
export function bookableWeeks(startDate: string | null, now: Date, siteZone: string): number[] {
  const { phase } = programmeWeeks(startDate, dateInZone(now, siteZone));
  const first = phase.kind === "before" ? 1 : phase.kind === "during" ? phase.week : null;
  if (first === null) return [];
  return [first, first + 1].filter((week) => week <= PROGRAMME_WEEKS);
}

/**
 * Every instant whose wall clock in `timeZone` reads `date` at `minute` past midnight: none when
 * clocks jump over it (spring forward), two when it happens twice (fall back), else one.
 */
export function wallInstants(date: string, minute: number, timeZone: string): Date[] {
  const wall = plainDate(date).toPlainDateTime({
    hour: Math.floor(minute / 60),
    minute: minute % 60,
  });
  const found = new Map<number, Date>();
  for (const disambiguation of ["earlier", "later"] as const) {
    const zoned = wall.toZonedDateTime(timeZone, { disambiguation });
    if (Temporal.PlainDateTime.compare(zoned.toPlainDateTime(), wall) === 0)
      found.set(zoned.epochMilliseconds, new Date(zoned.epochMilliseconds));
  }
  return [...found.values()].sort((a, b) => a.getTime() - b.getTime());
}

/** What any free-slot search reads: the mentor's hours, days off and live bookings, and now. */
export interface MentorCalendar {
  /** The mentor's weekly availability, wall-clock times in `mentorZone`. */
  availability: readonly AvailabilityRow[];
  mentorZone: string;
  /** Dates (YYYY-MM-DD, in the mentor's zone) the mentor is off for the whole day. */
  offDates: readonly string[];
  /** Live bookings of the mentor (any student, any kind), which no slot may overlap. */
  booked: readonly Slot[];
  now: Date;
}

export interface FreeSlotsInput extends MentorCalendar {
  /** The programme week's Monday, and the site's zone that week is counted in. */
  weekMonday: string;
  siteZone: string;
}

export interface WindowSlotsInput extends MentorCalendar {
  /** How long each slot lasts. */
  minutes: number;
  /** A slot starts in [start, end); with `endsBy`, it also ends no later than that instant. */
  window: { start: Date; end: Date; endsBy?: Date };
}

/**
 * The mentor's free 30-minute slots in one programme week: `windowSlots` over the week (Monday
 * 00:00 to Monday 00:00 in the site's zone), a slot kept when it starts inside the week.
 */
export function freeSlots(input: FreeSlotsInput): Slot[] {
  return windowSlots({
    ...input,
    minutes: SLOT_MINUTES,
    window: weekWindow(input.weekMonday, input.siteZone),
  });
}

/** The instant a row of hours ends on `date`: the later one when it happens twice, the earlier when it does not exist. */
function rowEnd(date: string, minute: number, timeZone: string): number {
  if (minute >= 24 * 60)
    return startOfDay(plainDate(date).add({ days: 1 }).toString(), timeZone).getTime();
  const found = wallInstants(date, minute, timeZone).at(-1);
  if (found) return found.getTime();
  const wall = plainDate(date).toPlainDateTime({
    hour: Math.floor(minute / 60),
    minute: minute % 60,
  });
  return wall.toZonedDateTime(timeZone, { disambiguation: "earlier" }).epochMilliseconds;
}

/**
 * The mentor's free slots of `minutes` in a window: the availability expanded day by day in the
 * mentor's zone, a start every SLOT_MINUTES from each row's start (a wall time that does not exist
 * gives none, one that happens twice gives two), the slot ending by the row's end. Kept when it
 * starts inside the window (and ends by `endsBy`), on a day not off, overlaps no booking and
 * starts at least MIN_NOTICE_MS after `now`; no two kept slots start less than SLOT_MINUTES apart
 * (overlapping rows of hours give one grid). Sorted by start.
 */
export function windowSlots(input: WindowSlotsInput): Slot[] {
  const { start, end, endsBy } = input.window;
  const length = input.minutes * 60_000;
  const off = new Set(input.offDates);
  const earliest = Math.max(input.now.getTime() + MIN_NOTICE_MS, start.getTime());
  const latestEnd = endsBy?.getTime() ?? Infinity;
  // The mentor's calendar days that can touch the window, a day either side for zones far apart.
  const first = plainDate(dateInZone(start, input.mentorZone)).subtract({ days: 1 });
  const last = plainDate(dateInZone(end, input.mentorZone)).add({ days: 1 });
  const starts = new Set<number>();
  for (let day = first; Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 })) {
    const date = day.toString();
    if (off.has(date)) continue;
    for (const row of input.availability) {
      if (row.weekday !== day.dayOfWeek) continue;
      const rowEnds = rowEnd(date, row.endMinute, input.mentorZone);
      for (let m = row.startMinute; m + input.minutes <= row.endMinute; m += SLOT_MINUTES) {
        for (const instant of wallInstants(date, m, input.mentorZone)) {
          const t = instant.getTime();
          if (t < earliest || t >= end.getTime()) continue;
          if (t + length > rowEnds || t + length > latestEnd) continue;
          starts.add(t);
        }
      }
    }
  }
  const free: Slot[] = [];
  let lastKept = -Infinity;
  for (const t of [...starts].sort((a, b) => a - b)) {
    const slot = {
      startsAt: new Date(t).toISOString(),
      endsAt: new Date(t + length).toISOString(),
    };
    if (t - lastKept < SLOT_MINUTES * 60_000) continue;
    if (input.booked.some((other) => overlaps(slot, other))) continue;
    free.push(slot);
    lastKept = t;
  }
  return free;
}

/** The instant `date` (YYYY-MM-DD) begins in `timeZone`: an interview day, for the deep-dive's window. */
export function dayStart(date: string, timeZone: string): Date {
  return startOfDay(date, timeZone);
}

/** The Monday (YYYY-MM-DD) of the week `instant` falls in, on the wall clock of `timeZone`. */
export function mondayAt(instant: Date, timeZone: string): string {
  return mondayOf(dateInZone(instant, timeZone));
}

/** An interview as the deep-dive's unlock rule reads it: its seat's cohort and its day. */
export interface InterviewDay {
  cohort_id: string;
  interview_date: string;
}

/**
 * The deep-dive's unlock rule, the one /portal/deep-dive and /portal/interviews both follow: only
 * the interviews of the student's current seat (its cohort) count, and those whose day is still
 * ahead (after `today`, the site's date) are the ones a deep-dive can prepare for, soonest first.
 * It is unlocked while there is one and the seat has no live deep-dive (`booked`).
 */
export function deepDiveUnlock<T extends InterviewDay>(input: {
  cohortId: string;
  today: string;
  interviews: readonly T[];
  booked: boolean;
}): { ahead: T[]; unlocked: boolean } {
  const ahead = input.interviews
    .filter((row) => row.cohort_id === input.cohortId && row.interview_date > input.today)
    .sort((a, b) =>
      a.interview_date < b.interview_date ? -1 : a.interview_date > b.interview_date ? 1 : 0,
    );
  return { ahead, unlocked: !input.booked && ahead.length > 0 };
}

/**
 * The weeks (their Mondays, in `siteZone`) a deep-dive before `interviewDate` can fall in, from
 * the week of `now` to the week of the interview's eve; none when the interview day has begun.
 */
export function deepDiveWeeks(interviewDate: string, now: Date, siteZone: string): string[] {
  const deadline = dayStart(interviewDate, siteZone);
  if (deadline.getTime() <= now.getTime()) return [];
  const lastMonday = mondayAt(new Date(deadline.getTime() - 1), siteZone);
  const weeks: string[] = [];
  for (let monday = mondayAt(now, siteZone); monday <= lastMonday;) {
    weeks.push(monday);
    monday = plainDate(monday).add({ days: 7 }).toString();
  }
  return weeks;
}

/**
 * The window of a deep-dive in the week of `monday`: the week, cut to end at the start of the
 * interview day (site's zone); a slot must end by then too.
 */
export function deepDiveWindow(monday: string, interviewDate: string, siteZone: string) {
  const week = weekWindow(monday, siteZone);
  const deadline = dayStart(interviewDate, siteZone);
  const end = new Date(Math.min(week.end.getTime(), deadline.getTime()));
  return { start: week.start, end, endsBy: deadline };
}

function overlaps(a: Slot, b: Slot): boolean {
  return (
    Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt)
  );
}

/** Whether the student may still move or cancel a 1-on-1 starting at `startsAt`. */
export function studentMayChange(startsAt: string, now: Date): boolean {
  return Date.parse(startsAt) - now.getTime() >= STUDENT_CHANGE_CUTOFF_MS;
}

/** Groups slots by their calendar date in the reader's zone, in order: the week view's columns. */
export function slotsByDay(slots: readonly Slot[], timeZone: string): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const date = dateInZone(new Date(slot.startsAt), timeZone);
    const list = days.get(date) ?? [];
    list.push(slot);
    days.set(date, list);
  }
  return [...days.entries()];
}
