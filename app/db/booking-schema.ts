import type { Generated } from "kysely";

/** One row of a mentor's weekly availability: wall-clock minutes in mentors.time_zone. */
export interface MentorAvailabilityTable {
  id: string;
  mentor_id: string;
  /** ISO weekday: 1 Monday .. 7 Sunday. */
  weekday: number;
  start_minute: number;
  end_minute: number;
}

/** A date (YYYY-MM-DD, in the mentor's zone) the mentor is off for the whole day. */
export interface AvailabilityOverridesTable {
  id: string;
  mentor_id: string;
  date: string;
  kind: Generated<"off">;
}

/** A weekly 1-on-1, or the one interview deep-dive of a programme (week 0). */
export type BookingKind = "one_on_one" | "deep_dive";
/** Marked by the mentor (or owner) after it: held, or a no-show by either side. */
export type OneOnOneOutcome = "held" | "student_no_show" | "mentor_no_show";
type BookingStatus = "booked" | "cancelled";

/** A 1-on-1 booked by a student with their mentor, in one programme week (1-6). */
export interface BookingsTable {
  id: string;
  cohort_id: string;
  person_id: string;
  mentor_id: string;
  kind: BookingKind;
  week: number;
  /** UTC ISO instants. */
  starts_at: string;
  ends_at: string;
  status: BookingStatus;
  /** The SEQUENCE of the booking's latest invite: goes up on every change. */
  sequence: Generated<number>;
  /** "student" or "mentor"; null while booked. */
  cancelled_by: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
  outcome: OneOnOneOutcome | null;
  outcome_at: string | null;
  /** A deep-dive's interview (interviews.id); null for a 1-on-1. */
  interview_id: string | null;
  /** The mentor's meeting place its invites carry (updated on upcoming ones when it changes). */
  place: string | null;
}
