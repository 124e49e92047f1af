/**
 * When a livestream happens: a calendar date and a wall-clock time in the site's time zone, turned
 * into an instant by the one time module (app/lib/time-zone.ts), and shown back to people with
 * the zone named so nobody has to guess.
 */

import { zonedTimeToUtc } from "~/lib/time-zone";

/** How long a livestream slot lasts in the calendar invite. */
export const LIVESTREAM_MINUTES = 60;

export interface LivestreamSlot {
  start: Date;
  end: Date;
}

/** The livestream of `date`: it starts at `time` in `timeZone` and lasts LIVESTREAM_MINUTES. */
export function livestreamSlot(date: string, time: string, timeZone: string): LivestreamSlot {
  const start = zonedTimeToUtc(date, time, timeZone);
  return { start, end: new Date(start.getTime() + LIVESTREAM_MINUTES * 60_000) };
}

/** Intl writes narrow and non-breaking spaces in times ("7:00 PM"); emails get plain ones. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/**
 * An instant as people in `timeZone` read it, naming the zone twice (its name for that date, and
 * its IANA id): "Thursday, December 3, 2026 at 7:00 PM Eastern Standard Time (America/New_York)".
 */
export function describeLivestreamTime(instant: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(instant);
  const clock = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
  }).format(instant);
  const zoneName =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "long" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  return plainSpaces(`${day} at ${clock} ${zoneName} (${timeZone})`);
}

/**
 * The next livestream with a resume booked: the soonest of the booked `dates` (YYYY-MM-DD, in
 * any order) whose slot has not ended at `now`. Null when none is ahead.
 */
export function nextLivestream(
  dates: readonly string[],
  time: string,
  timeZone: string,
  now: Date,
): LivestreamSlot | null {
  const slots = [...dates].sort().map((date) => livestreamSlot(date, time, timeZone));
  return slots.find((slot) => slot.end > now) ?? null;
}
