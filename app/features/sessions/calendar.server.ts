import type { EventOutcome } from "./event-tense";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { sessionEvents } from "./sessions.words";
import { site } from "~/content/site";
import type { DB } from "~/db/database.server";
import { calendarParamText } from "./calendar-param";
import { sessionEnd } from "./group-sessions";
import { bookingEmails } from "~/features/bookings/bookings.words";
import { bookingUid } from "~/features/bookings/invite.server";
import { meetingLink } from "~/features/bookings/meeting-place";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import { fullName } from "~/features/bookings/booking-queries.server";
import { groupSessionsWithCohort } from "./session-queries.server";

/**
 * The events of a person's calendar (decision 0041): one record per event, whatever it is. The
 * feed (/calendar/<token>.ics) and the emailed invites write iCalendar from these records alone,
 * so another kind of event (the 1-on-1 bookings) is added in `calendarEventsFor` and nowhere else.
 */
export interface CalendarEvent {
  /** Never changes for the life of the event: every feed and invite about it names it. */
  uid: string;
  /** Counted up on every change (time, place, status). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** The live link or the 1-on-1's meeting place: LOCATION, and URL when it is a link. */
  location: string | null;
  status: "confirmed" | "cancelled";
  updatedAt: Date;
  /** A group session's recording link, once attached (shown in the portal, not in the feed). */
  recordingUrl?: string | null;
  /** A 1-on-1's recorded outcome (shown in the portal, not in the feed). */
  outcome?: EventOutcome;
}

/** Whose calendar: a student (a person with a paid seat) or a mentor. */
export type CalendarOwner =
  { kind: "student"; personId: string } | { kind: "mentor"; mentorId: string };

/** The host part of UIDs: the site's public host ("fromscratchtosuccess.com"). */
export function uidHost(publicUrl: string): string {
  return new URL(publicUrl).host;
}

export function groupSessionUid(sessionId: string, host: string): string {
  return `session-${sessionId}@${host}`;
}

/** A group_sessions row joined with its cohort's live link, as an event. */
export interface GroupSessionRow {
  id: string;
  week: number;
  topic: string;
  starts_at: string;
  minutes: number;
  status: string;
  sequence: number;
  updated_at: string;
  live_url: string | null;
  recording_url?: string | null;
}

export function groupSessionEvent(row: GroupSessionRow, host: string): CalendarEvent {
  const start = new Date(row.starts_at);
  return {
    uid: groupSessionUid(row.id, host),
    sequence: Number(row.sequence),
    start,
    end: sessionEnd(start, Number(row.minutes)),
    summary: sessionEvents.summary(Number(row.week), row.topic),
    description: sessionEvents.description(row.live_url),
    location: row.live_url,
    status: row.status === "cancelled" ? "cancelled" : "confirmed",
    updatedAt: new Date(row.updated_at),
    recordingUrl: row.recording_url ?? null,
  };
}

/** The group sessions of some cohorts, with their cohort's live link. */
export function groupSessionRows(db: DB, cohortIds: string[]): Promise<GroupSessionRow[]> {
  if (cohortIds.length === 0) return Promise.resolve([]);
  return groupSessionsWithCohort(db)
    .where("group_sessions.cohort_id", "in", cohortIds)
    .orderBy("group_sessions.starts_at")
    .execute();
}

/** The cohorts whose group sessions are on the owner's calendar. */
export async function cohortsOf(db: DB, owner: CalendarOwner): Promise<string[]> {
  let query = db.selectFrom("payments").select("cohort_id").distinct().where(paidSeat);
  query =
    owner.kind === "student"
      ? query.where("payments.person_id", "=", owner.personId)
      : query.where("payments.mentor_id", "=", owner.mentorId);
  return (await query.execute()).map((row) => row.cohort_id);
}

/**
 * The owner's 1-on-1s and deep-dives (a student's own, a mentor's with their students), cancelled ones kept, with
 * the UID and SEQUENCE their emailed invites carry, so the feed and the invites move one event.
 */
async function oneOnOneEvents(db: DB, owner: CalendarOwner): Promise<CalendarEvent[]> {
  let query = db
    .selectFrom("bookings")
    .innerJoin("people", "people.id", "bookings.person_id")
    .innerJoin("mentors", "mentors.id", "bookings.mentor_id")
    .select([
      "bookings.id",
      "bookings.kind",
      "bookings.week",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.status",
      "bookings.sequence",
      "bookings.updated_at",
      "bookings.place",
      "bookings.outcome",
      "people.first_name",
      "people.last_name",
      "mentors.name as mentorName",
    ]);
  query =
    owner.kind === "student"
      ? query.where("bookings.person_id", "=", owner.personId)
      : query.where("bookings.mentor_id", "=", owner.mentorId);
  return (await query.execute()).map((row) => ({
    uid: bookingUid(row.id),
    sequence: Number(row.sequence),
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    summary: bookingEmails.summary(fullName(row), row.mentorName, row.kind),
    description: bookingEmails.description(Number(row.week), row.kind),
    location: row.place,
    status: row.status === "cancelled" ? "cancelled" : "confirmed",
    updatedAt: new Date(row.updated_at),
    outcome: row.outcome,
  }));
}

/**
 * Every event on the owner's calendar, by start: their cohort's group sessions (a mentor: the
 * cohorts of their students) and their 1-on-1s, cancelled ones kept (STATUS:CANCELLED removes
 * them from a subscribed calendar).
 */
export async function calendarEventsFor(
  db: DB,
  owner: CalendarOwner,
  host: string,
): Promise<CalendarEvent[]> {
  const sessions = await groupSessionRows(db, await cohortsOf(db, owner));
  const events = [
    ...sessions.map((row) => groupSessionEvent(row, host)),
    ...(await oneOnOneEvents(db, owner)),
  ];
  return events.sort((a, b) => a.start.getTime() - b.start.getTime());
}

export interface CalendarOptions {
  now: Date;
  /** REQUEST or CANCEL for an emailed invite; none for a feed (PUBLISH). */
  method?: ICalCalendarMethod.REQUEST | ICalCalendarMethod.CANCEL;
  organizer?: string;
  attendee?: { email: string; name: string };
}

/** iCalendar text of events: times in UTC, the place as LOCATION (and URL when it is a link). */
export function calendarText(events: CalendarEvent[], options: CalendarOptions): string {
  const calendar = ical({
    prodId: { company: site.name, product: sessionEvents.product, language: "EN" },
    name: sessionEvents.calendarName,
    method: options.method,
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: options.now,
      lastModified: event.updatedAt,
      start: event.start,
      end: event.end,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: meetingLink(event.location),
      status: event.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(options.organizer ? { organizer: { name: site.name, email: options.organizer } } : {}),
      ...(options.attendee
        ? {
            attendees: [
              {
                email: options.attendee.email,
                name: calendarParamText(options.attendee.name) || undefined,
                rsvp: false,
              },
            ],
          }
        : {}),
    });
  }
  return calendar.toString();
}
