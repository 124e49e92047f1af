/** An admin session ends 8 hours after sign-in, or after an hour without a request. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 60 * 60 * 1000;

/** When a session used at `now` ends: the idle limit from now, never past the 8-hour cap. */
export function sessionExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(createdAt.getTime() + SESSION_TTL_MS, now.getTime() + SESSION_IDLE_MS));
}

/** Writing the new expiry on every request is wasteful: once a minute is precise enough. */
export function shouldExtend(currentExpiry: Date, nextExpiry: Date): boolean {
  return nextExpiry.getTime() - currentExpiry.getTime() >= 60_000;
}
