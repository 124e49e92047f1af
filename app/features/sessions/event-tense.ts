/**
 * Where an event stands for its reader (issue 45, item 6): a canceled one reads "Canceled"
 * whenever it was; one that has started reads in the past, "Missed" when its 1-on-1 was marked a
 * no-show and "Held" otherwise; only one still ahead is "upcoming" (and may be near).
 */
export type EventTense = "upcoming" | "held" | "missed" | "canceled";

/** A 1-on-1's recorded outcome (bookings.outcome); group sessions have none. */
export type EventOutcome = "held" | "student_no_show" | "mentor_no_show" | null | undefined;

export function eventTense(
  event: { start: Date; cancelled: boolean; outcome?: EventOutcome },
  now: Date,
): EventTense {
  if (event.cancelled) return "canceled";
  if (event.start.getTime() > now.getTime()) return "upcoming";
  return event.outcome === "student_no_show" || event.outcome === "mentor_no_show"
    ? "missed"
    : "held";
}
