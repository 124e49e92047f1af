/**
 * The one time module (decision 0056): wall clocks of IANA zones and instants, on Temporal
 * (`temporal-polyfill`), with one daylight-saving policy for a wall time made an instant:
 * Temporal's "compatible", what calendars do. A time that happens twice (clocks go back) is the
 * earlier one; a time that never happens (clocks go forward) moves forward by the gap, so 02:30
 * becomes 03:30 of the new offset. Formatting for readers is Intl, with the zone named.
 */
import { Temporal } from "temporal-polyfill";

const zoned = (instant: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);

/** The instant at which the wall clock of `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM). */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Temporal.PlainDate.from(date).toPlainDateTime(Temporal.PlainTime.from(time));
  return new Date(
    wall.toZonedDateTime(timeZone, { disambiguation: "compatible" }).epochMilliseconds,
  );
}

/**
 * A wall-clock time typed by someone ("2026-12-03", "19:00") in an IANA time zone, as an instant;
 * null when the date or time does not exist on any calendar (2026-02-30, 24:00, another format).
 */
export function localTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  try {
    Temporal.PlainDate.from(date, { overflow: "reject" });
    Temporal.PlainTime.from(time, { overflow: "reject" });
  } catch {
    return null;
  }
  return zonedTimeToUtc(date, time, timeZone);
}

/** An instant as the zone's wall clock, for a datetime-local input ("2026-12-03T19:00"). */
export function utcToLocalInput(instant: Date, timeZone: string): string {
  return zoned(instant, timeZone).toPlainDateTime().toString().slice(0, 16);
}

/** The calendar date (YYYY-MM-DD) it is in `timeZone` at `instant`. */
export function dateInZone(instant: Date, timeZone: string): string {
  return zoned(instant, timeZone).toPlainDate().toString();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A US-format formatter for a zone, made once per zone and options: making one costs far more
 * than using it, and a page may print hundreds of instants (a mentor's board, a history).
 */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    formatters.set(key, made);
  }
  return made;
}

/**
 * An instant as people read it on pages and in emails, in US format with the zone named:
 * "Fri, Nov 27, 4:52 PM EST"; the year is added when it is not the year of `now`.
 */
export function formatWhen(instant: Date, timeZone: string, now: Date = instant): string {
  const year = (d: Date) => formatter(timeZone, { year: "numeric" }).format(d);
  return formatter(timeZone, {
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(year(instant) === year(now) ? {} : { year: "numeric" }),
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);
}

/**
 * The time of day of an instant in the zone, in US format with the zone named: "7:00 PM EST".
 * The zone's name is the one in force at that instant (EST in winter, EDT in summer).
 */
export function formatTimeOfDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);
}

/** How long ago, in the largest whole unit: "5 minutes", "3 hours", "2 days". */
export function age(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  const [n, unit] =
    minutes < 60
      ? [minutes, "minute"]
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), "hour"]
        : [Math.floor(minutes / 1440), "day"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/**
 * An instant for a record kept for years (a receipt), the year always printed and the zone
 * named twice: "Fri, Nov 27, 2026, 4:52 PM EST (America/New_York)".
 */
export function formatDated(instant: Date, timeZone: string): string {
  const when = formatter(timeZone, {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);
  return `${when} (${timeZone})`;
}

/** "Tue, Jan 12, 10:00 AM EST (America/New_York)": an instant for a reader, the zone named. */
export function whenFor(instant: string, zone: string, now: Date): string {
  return `${formatWhen(new Date(instant), zone, now)} (${zone})`;
}

/** "Tue, Jan 12": a day of the week view, in the reader's zone. */
export function formatDay(instant: Date, zone: string): string {
  return formatter(zone, { weekday: "short", month: "short", day: "numeric" }).format(instant);
}
