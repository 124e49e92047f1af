import { isCalendarDate } from "~/lib/calendar-date";

/** Cohort rules: seats, fullness and start dates. Start dates are calendar dates (YYYY-MM-DD), never instants. */
export interface CohortSettings {
  startDate: string | null;
  capacity: number;
  enrolledCount: number;
  isActive: boolean;
  /**
   * The earliest graduation year the application and lead forms accept; null means the current
   * year (app/features/cohort/graduation-year.ts).
   */
  earliestGraduationYear: number | null;
}

export const DEFAULT_COHORT: CohortSettings = {
  startDate: null,
  capacity: 10,
  enrolledCount: 0,
  isActive: true,
  earliestGraduationYear: null,
};
export const NEXT_COHORT_TEXT = "our next cohort";

/** Students one mentor takes in a cohort (the spec's "5 per mentor"). */
export const STUDENTS_PER_MENTOR = 5;

/** The mentors a cohort of `capacity` students needs, at most five students each. */
export function mentorsFor(capacity: number): number {
  return Math.max(1, Math.ceil(capacity / STUDENTS_PER_MENTOR));
}

export function availableSpots(cohort: CohortSettings): number {
  return cohort.capacity - cohort.enrolledCount;
}

/** Full when no spot is left or enrollment is closed; a cohort that cannot be read counts as full. */
export function isCohortFull(cohort: CohortSettings | null): boolean {
  return !cohort || isSoldOut(cohort);
}

/** Whether every seat is paid for (or enrollment is closed): nothing can free one up. */
export function isSoldOut(cohort: CohortSettings): boolean {
  return !cohort.isActive || cohort.enrolledCount >= cohort.capacity;
}

/** Seats neither paid for nor held in an open checkout. */
export function seatsLeft(cohort: CohortSettings, activeHolds: number): number {
  return Math.max(0, cohort.capacity - cohort.enrolledCount - activeHolds);
}

/** A new hold fits while paid seats plus other buyers' active holds stay below capacity. */
export function hasSeatToHold(cohort: CohortSettings, activeHolds: number): boolean {
  return !isSoldOut(cohort) && cohort.enrolledCount + activeHolds < cohort.capacity;
}

/** The latest livestream date that can still be booked is today; earlier ones are refused. */
export function isBookableDate(date: string, today: string): boolean {
  return isCalendarDate(date) && date >= today;
}

/**
 * The Monday of the start date's week. Weeks run Monday to Sunday (ISO 8601), so a Sunday start
 * is shown as the Monday six days before it. Computed in UTC on the calendar date, so no server
 * or browser time zone can move it by a day.
 */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  const daysSinceMonday = (utc.getUTCDay() + 6) % 7;
  utc.setUTCDate(utc.getUTCDate() - daysSinceMonday);
  return utc.toISOString().slice(0, 10);
}

/**
 * The week a cohort starts (the Monday of its start date), or null with no date: what students
 * are told, so moving the date within its week tells them nothing new.
 */
export function startWeek(startDate: string | null | undefined): string | null {
  return startDate && isCalendarDate(startDate) ? mondayOf(startDate) : null;
}

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "November 30" for the Monday of the start week, or "our next cohort" with no date. */
export function startDateDisplay(startDate: string | null | undefined): string {
  if (!startDate || !isCalendarDate(startDate)) return NEXT_COHORT_TEXT;
  const monday = mondayOf(startDate);
  const [, month, day] = monday.split("-").map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}`;
}

/** A calendar date (YYYY-MM-DD) as the site writes it: "December 13". */
export function monthDayDisplay(date: string): string {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}`;
}

export interface CohortStatus {
  startDateDisplay: string;
  isFull: boolean;
}

export function cohortStatus(cohort: CohortSettings | null): CohortStatus {
  return { startDateDisplay: startDateDisplay(cohort?.startDate), isFull: isCohortFull(cohort) };
}

/**
 * What the home page says about the current cohort: `open` while a seat can be taken (with the
 * seats neither paid for, held in a checkout nor offered to the queue), `full` when enrollment is
 * open but no seat is left, `closed` when enrollment is closed. The start is shown only while it
 * is still ahead (`today` is the site's date); a start already past is not announced as next.
 */
export type CohortAnnouncement =
  | { kind: "open"; start: string | null; seatsLeft: number; capacity: number }
  | { kind: "full"; start: string | null }
  | { kind: "closed" };

export function cohortAnnouncement(
  cohort: CohortSettings,
  heldSeats: number,
  today: string,
): CohortAnnouncement {
  if (!cohort.isActive) return { kind: "closed" };
  const upcoming =
    cohort.startDate && isCalendarDate(cohort.startDate) && cohort.startDate >= today;
  const start = upcoming ? startDateDisplay(cohort.startDate) : null;
  const left = seatsLeft(cohort, heldSeats);
  return hasSeatToHold(cohort, heldSeats)
    ? { kind: "open", start, seatsLeft: left, capacity: cohort.capacity }
    : { kind: "full", start };
}

/** "Tuesday, January 12, 2027" for a calendar date, computed in UTC so no time zone shifts it. */
export function longDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    weekday: "long",
    timeZone: "UTC",
  });
  return `${weekday}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

/** A calendar date (YYYY-MM-DD) short, as a table's row names it: "Wed, Nov 25". */
export function shortDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * A checkout session id as payment providers issue them (Stripe's `cs_test_…`/`cs_live_…`, the
 * local test checkout's `cs_localtest_<uuid>`). Anything else is not asked about at all.
 */
export function isCheckoutSessionId(value: string | null): value is string {
  return value !== null && /^cs_[A-Za-z0-9_-]{8,200}$/.test(value);
}

/**
 * Whether a checkout counts against the per-address cap on seat holds (HOLDS_PER_ADDRESS). The cap
 * is against hoarding seats from one network; a buyer for whom a seat is already held (an open
 * seat offer, or their own open checkout they start again) takes no new seat, and students on one
 * campus network share an address, so such a buyer is never refused by it.
 */
export function countsAgainstHoldCap(buyer: { seatHeld: boolean }): boolean {
  return !buyer.seatHeld;
}
