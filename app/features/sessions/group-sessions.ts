/**
 * The cohort's weekly group sessions (issue 35, decision 0041): where each of the six falls, and
 * the owner's forms. Pure: no I/O. Wall-clock times are of the site's zone (SITE_TIME_ZONE) and
 * become UTC instants through zonedTimeToUtc, which follows the zone's daylight-saving changes.
 */
import { curriculum } from "~/features/site/home.words";
import { sessionsConsole as t } from "./sessions.words";
import { z } from "~/lib/zod";
import { PROGRAMME_WEEKS, programmeWeeks } from "~/features/portal/onboarding";
import { weekMonday, weekWindow } from "~/features/bookings/slots";
import { localTimeToUtc, zonedTimeToUtc } from "~/lib/time-zone";
import { addDays } from "~/lib/calendar-date";
import { isHttpsUrl } from "~/lib/https-url";

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

/** A session as stored, as the re-plan and the owner's changes judge it. */
export interface StoredSession {
  startsAt: Date;
  minutes: number;
  topic: string;
  /** "scheduled" or "cancelled". */
  status: string;
}

/** A scheduled session whose start has come: it is history, never moved, cancelled or re-planned. */
export function hasStarted(
  session: Pick<StoredSession, "startsAt" | "status">,
  now: Date,
): boolean {
  return session.status !== "cancelled" && session.startsAt.getTime() <= now.getTime();
}

/** What a re-plan does to one session: its new values, `moved` when its start changes. */
export interface Replanned {
  startsAt: Date;
  minutes: number;
  topic: string;
  moved: boolean;
}

/**
 * What re-planning (a new weekly slot, a new start date) does to one stored session, given its
 * week's plan under the settings before the change and after it (`before` undefined: there was no
 * plan, the cohort had no start date). A cancelled session, or one that has started, is left as it
 * is. Otherwise it goes to the new planned start only when its week's planned start changed (what
 * decides its time) and that start is still ahead; else it keeps its start, so a session the owner
 * moved stays where it was put. Its length and topic follow the plan. Null: nothing changes.
 * A `moved` session is announced to everyone as a move is.
 */
export function replanSession(
  stored: StoredSession,
  before: PlannedSession | undefined,
  after: PlannedSession,
  now: Date,
): Replanned | null {
  if (stored.status === "cancelled" || hasStarted(stored, now)) return null;
  const planChanged = !before || before.startsAt.getTime() !== after.startsAt.getTime();
  const startsAt =
    planChanged && after.startsAt.getTime() > now.getTime() ? after.startsAt : stored.startsAt;
  const moved = startsAt.getTime() !== stored.startsAt.getTime();
  if (!moved && after.minutes === stored.minutes && after.topic === stored.topic) return null;
  return { startsAt, minutes: after.minutes, topic: after.topic, moved };
}

/**
 * The programme's six weeks as instants of `timeZone`, from the week windows every other rule
 * uses (slots.ts): `from` is 00:00 on week 1's Monday, `until` 00:00 after week 6's Sunday
 * (exclusive); `firstDay` and `lastDay` are those dates (YYYY-MM-DD). Null without a start date.
 */
export function programmeSpan(startDate: string | null, timeZone: string) {
  if (!startDate) return null;
  const firstDay = weekMonday(startDate, 1);
  const lastMonday = weekMonday(startDate, PROGRAMME_WEEKS);
  return {
    firstDay,
    lastDay: addDays(lastMonday, 6),
    from: weekWindow(firstDay, timeZone).start,
    until: weekWindow(lastMonday, timeZone).end,
  };
}
export type ProgrammeSpan = NonNullable<ReturnType<typeof programmeSpan>>;

/** Why the owner may not move (`to`) or cancel (`to` null) a session now; null when they may. */
export type SessionChangeRefusal = "started" | "past" | "outside_programme";

/**
 * The owner's move or cancel of one session: a session that has started can be neither; a new
 * start must be in the future and within the programme's weeks (`span`, in the site's zone; no
 * start date, no such bound). A cancelled session whose time has passed may be scheduled again.
 */
export function sessionChangeRefusal(
  session: Pick<StoredSession, "startsAt" | "status">,
  to: Date | null,
  now: Date,
  span: ProgrammeSpan | null,
): SessionChangeRefusal | null {
  if (hasStarted(session, now)) return "started";
  if (to === null) return null;
  if (to.getTime() <= now.getTime()) return "past";
  if (span && (to.getTime() < span.from.getTime() || to.getTime() >= span.until.getTime()))
    return "outside_programme";
  return null;
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

/** Cancel one session: the first post asks (it emails everyone), the second, `confirm=yes`, does it. */
export const cancelSessionSchema = z.object({
  intent: z.literal("session_cancel"),
  id: sessionId,
  confirm: z.literal("yes").optional(),
});

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

/** The portal's calendar card: make the feed (kept if there is one) or reset its link. */
export const calendarFeedSchema = z.object({ intent: z.enum(["open", "reset"]) });
