/**
 * Calendar dates as the site stores and forms carry them: "YYYY-MM-DD", no time and no zone.
 * Arithmetic runs in UTC on the date itself, so no server or browser zone can move it by a day.
 * The one copy of these rules: a feature that needs a narrower range adds its own refinement.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real date of the calendar, YYYY-MM-DD (not 2027-02-30, not "2027-2-3"). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
