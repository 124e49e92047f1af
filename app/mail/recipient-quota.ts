/**
 * The emails our forms send one address: at most EMAILS_PER_RECIPIENT_PER_HOUR in each clock hour
 * (UTC). The address a visitor types is not proven to be theirs, so a stranger cannot flood an
 * inbox; but the person's own request is never refused for it either: an email over the quota
 * waits for the first later hour that has room, and only past QUOTA_HOURS_AHEAD is it not sent.
 */

const QUOTA_WINDOW_MS = 3_600_000;
/** How far ahead an email may be put off; 24 hours of the quota is a flood, not a person. */
export const QUOTA_HOURS_AHEAD = 24;

export interface QuotaWindow {
  /** The clock hour, counted from the epoch: the quota is charged per address and hour. */
  hour: number;
  /** When an email charged to this hour may go: now for the current hour, else its start. */
  sendAfter: Date;
}

/** The hours an email to one address may be charged to, in order: this one, then each next. */
export function quotaWindows(now: Date, hoursAhead = QUOTA_HOURS_AHEAD): QuotaWindow[] {
  const current = Math.floor(now.getTime() / QUOTA_WINDOW_MS);
  return Array.from({ length: hoursAhead + 1 }, (_, k) => ({
    hour: current + k,
    sendAfter: k === 0 ? now : new Date((current + k) * QUOTA_WINDOW_MS),
  }));
}

/** What the person is told of their email: sent now, put off to a later hour, or not sent. */
export type MailTiming = "now" | "later" | "withheld";

export function mailTiming(sendAfter: Date | null, now: Date): MailTiming {
  if (!sendAfter) return "withheld";
  return sendAfter.getTime() > now.getTime() ? "later" : "now";
}

export function isMailTiming(value: string | null): value is MailTiming {
  return value === "now" || value === "later" || value === "withheld";
}
