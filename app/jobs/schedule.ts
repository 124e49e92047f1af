/**
 * When a periodic job is next due: the start of the next whole interval counted from the Unix
 * epoch (UTC). A daily job is due at midnight UTC, an hourly one on the hour, a 6-hour backup at
 * 00:00, 06:00, 12:00 and 18:00, so every instance agrees on the slots without talking.
 */
export function nextSlot(after: Date, everyMs: number): Date {
  return new Date((Math.floor(after.getTime() / everyMs) + 1) * everyMs);
}

/** After a failed run the job is tried again soon, never later than its next slot. */
const RETRY_AFTER_MS = 60_000;

export function retryAt(failedAt: Date, everyMs: number): Date {
  return new Date(failedAt.getTime() + Math.min(everyMs, RETRY_AFTER_MS));
}

/** Stored results and errors are cut to this many characters (every stored field bounded). */
export const JOB_TEXT_MAX = 1000;

/** A run's result as stored: its JSON, cut to the bound. */
export function storedResult(result: unknown): string | null {
  if (result === undefined || result === null) return null;
  return JSON.stringify(result).slice(0, JOB_TEXT_MAX);
}
