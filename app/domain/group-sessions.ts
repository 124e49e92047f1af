/**
 * The cohort's weekly group sessions (issue 35, decision 0041): where each of the six falls, and
 * the owner's forms. Pure: no I/O. Wall-clock times are of the site's zone (SITE_TIME_ZONE) and
 * become UTC instants through zonedTimeToUtc, which follows the zone's daylight-saving changes.
 */
import { curriculum } from "~/content/home";
import { sessionsConsole as t } from "~/content/sessions";
import { z } from "~/lib/zod";
import { programmeWeeks } from "./onboarding";
import { localTimeToUtc, zonedTimeToUtc } from "./time-zone";

/** The weekly slot of a cohort: ISO weekday (1 Monday .. 7 Sunday), HH:MM, length in minutes. */
export interface SessionSlot {
  weekday: number;
  time: string;
  minutes: number;
}

export const DEFAULT_SESSION_SLOT: SessionSlot = { weekday: 2, time: "19:00", minutes: 60 };
export const MIN_SESSION_MINUTES = 15;
export const MAX_SESSION_MINUTES = 240;
export const MAX_LIVE_URL = 500;

export interface PlannedSession {
  week: number;
  topic: string;
  startsAt: Date;
  minutes: number;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The six sessions of a cohort starting on `startDate`: week N's falls on the slot's weekday of
 * programme week N (Monday to Sunday from the start date's week), at the slot's wall-clock time
 * in `timeZone`, so a session after a daylight-saving change keeps its local time (its instant
 * moves by the change). Empty while the cohort has no start date.
 */
export function planSessions(
  startDate: string | null,
  slot: SessionSlot,
  timeZone: string,
): PlannedSession[] {
  if (!startDate) return [];
  const { weeks } = programmeWeeks(startDate, startDate);
  return weeks.map(({ week, startsOn }) => ({
    week,
    topic: curriculum[week - 1]?.title ?? `Week ${week}`,
    startsAt: zonedTimeToUtc(addDays(startsOn!, slot.weekday - 1), slot.time, timeZone),
    minutes: slot.minutes,
  }));
}

/** The end of a session. */
export function sessionEnd(startsAt: Date, minutes: number): Date {
  return new Date(startsAt.getTime() + minutes * 60_000);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The owner's session settings: the weekly slot and the live link ('' clears it). */
export const sessionSettingsSchema = z.object({
  intent: z.literal("session_settings"),
  weekday: z
    .string({ error: t.invalidWeekday })
    .regex(/^[1-7]$/, t.invalidWeekday)
    .transform(Number),
  time: z.string({ error: t.invalidTime }).trim().regex(TIME, t.invalidTime),
  minutes: z
    .string({ error: t.invalidMinutes })
    .trim()
    .regex(/^\d{1,3}$/, t.invalidMinutes)
    .transform(Number)
    .refine((n) => n >= MIN_SESSION_MINUTES && n <= MAX_SESSION_MINUTES, t.invalidMinutes),
  liveUrl: z
    .string()
    .trim()
    .max(MAX_LIVE_URL, t.invalidUrl)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isHttpsUrl(value), t.invalidUrl),
});

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username;
  } catch {
    return false;
  }
}

const sessionId = z.string({ error: t.notFound }).min(1, t.notFound).max(100, t.notFound);

/**
 * Move one session: its new start as the form's datetime-local ("2027-03-09T19:00"), a wall
 * clock of the site's zone; the action checks it exists there (`sessionStartOf`).
 */
export const moveSessionSchema = z.object({
  intent: z.literal("session_move"),
  id: sessionId,
  startsAt: z
    .string({ error: t.invalidStart })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, t.invalidStart),
});

export const cancelSessionSchema = z.object({ intent: z.literal("session_cancel"), id: sessionId });

/** The cohort page's session forms, one union. */
export const sessionFormSchema = z.discriminatedUnion("intent", [
  sessionSettingsSchema,
  moveSessionSchema,
  cancelSessionSchema,
]);
export type SessionForm = z.infer<typeof sessionFormSchema>;
export const SESSION_INTENTS = ["session_settings", "session_move", "session_cancel"] as const;

/** A datetime-local value read as the wall clock of `timeZone`; null when it is no real time. */
export function sessionStartOf(value: string, timeZone: string): Date | null {
  const [date, time] = value.split("T") as [string, string | undefined];
  return time ? localTimeToUtc(date, time, timeZone) : null;
}

/** The portal's calendar card: subscribe (a new feed, then the calendar app) or reset the link. */
export const calendarFeedSchema = z.object({ intent: z.enum(["subscribe", "reset"]) });
