/** Wall clocks of IANA time zones and instants, with Intl alone (no time-zone library). */

const PARTS_FORMAT = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = PARTS_FORMAT.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    PARTS_FORMAT.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: -5 hours). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM).
 * Around a change of offset it does what calendars do (Temporal's "compatible"): a time that
 * happens twice (clocks go back) is the earlier one; a time that never happens (clocks go
 * forward) is read with the offset before the change, so 02:30 becomes 03:30 of the new offset.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const day = 24 * 60 * 60 * 1000;
  const before = zoneOffsetMs(wall - day, timeZone);
  const after = zoneOffsetMs(wall + day, timeZone);
  const fits = [wall - before, wall - after].filter(
    (instant) => zoneOffsetMs(instant, timeZone) === wall - instant,
  );
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before);
}

/**
 * A wall-clock time typed by someone ("2026-12-03", "19:00") in an IANA time zone, as an instant;
 * null when the date or time does not exist on any calendar (2026-02-30, 24:00, another format).
 */
export function localTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const check = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])));
  if (check.toISOString().slice(0, 10) !== date) return null;
  return zonedTimeToUtc(date, time, timeZone);
}

/** An instant as the zone's wall clock, for a datetime-local input ("2026-12-03T19:00"). */
export function utcToLocalInput(instant: Date, timeZone: string): string {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return local.toISOString().slice(0, 16);
}

/** The calendar date (YYYY-MM-DD) it is in `timeZone` at `instant`. */
export function dateInZone(instant: Date, timeZone: string): string {
  return utcToLocalInput(instant, timeZone).slice(0, 10);
}

/**
 * An instant as people read it on pages and in emails, in US format with the zone named:
 * "Fri, Nov 27, 4:52 PM EST"; the year is added when it is not the year of `now`.
 */
export function formatWhen(instant: Date, timeZone: string, now: Date = instant): string {
  const year = (d: Date) =>
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" }).format(d);
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
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

/** "Tue, Jan 12, 10:00 AM EST (America/New_York)": an instant for a reader, the zone named. */
export function whenFor(instant: string, zone: string, now: Date): string {
  return `${formatWhen(new Date(instant), zone, now)} (${zone})`;
}

/** "Tue, Jan 12": a day of the week view, in the reader's zone. */
export function formatDay(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
  }).format(instant);
}
