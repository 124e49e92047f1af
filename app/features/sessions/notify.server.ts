import { ICalCalendarMethod } from "ical-generator";
import { sessionEmails } from "./sessions.words";
import type { DB, Trx } from "~/db/database.server";
import { whenFor } from "~/lib/time-zone";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import { calendarText, groupSessionEvent, uidHost } from "./calendar.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import { groupSessionsWithCohort } from "./session-queries.server";

/** Someone a group session's change is sent to, with their own time zone (null: the site's). */
export interface SessionRecipient {
  key: string;
  personId: string | null;
  email: string;
  name: string;
  /** How their email greets them: a student's first name, a mentor's first word. */
  firstName: string;
  timeZone: string | null;
}

/**
 * Who hears about a cohort's group sessions: each student with a paid seat in it, once, and each
 * mentor of those students, once; each with their own zone.
 */
export async function sessionRecipients(trx: DB, cohortId: string): Promise<SessionRecipient[]> {
  const students = await trx
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .leftJoin("student_profiles", "student_profiles.person_id", "people.id")
    .select([
      "people.id",
      "people.email",
      "people.first_name as name",
      "student_profiles.time_zone as timeZone",
    ])
    .distinct()
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat)
    .where("people.email", "not like", ERASED_ADDRESS_PATTERN)
    .orderBy("people.id")
    .execute();
  const mentors = await trx
    .selectFrom("payments")
    .innerJoin("mentors", "mentors.id", "payments.mentor_id")
    .select(["mentors.id", "mentors.email", "mentors.name", "mentors.time_zone as timeZone"])
    .distinct()
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat)
    .where("mentors.is_active", "=", 1)
    .orderBy("mentors.id")
    .execute();
  return [
    ...students.map((s) => ({
      key: `person:${s.id}`,
      personId: s.id,
      email: s.email,
      name: s.name,
      firstName: s.name,
      timeZone: s.timeZone,
    })),
    ...mentors.map((m) => ({
      key: `mentor:${m.id}`,
      personId: null,
      email: m.email,
      name: m.name,
      firstName: m.name.split(" ")[0] ?? m.name,
      timeZone: m.timeZone,
    })),
  ];
}

/**
 * Emails one session's change (as it now stands: moved, or cancelled) to everyone of its cohort,
 * each with the time in their own zone named and an invite that updates the event (same UID,
 * the new SEQUENCE): REQUEST for a move, CANCEL for a cancel. One email per person and SEQUENCE
 * (dedupe key). Call inside the transaction of the change. Returns how many were queued.
 */
export async function notifySessionChange(
  trx: Trx,
  config: { siteTimeZone: string; publicUrl: string; contactEmail: string },
  sessionId: string,
  now: Date,
): Promise<number> {
  const row = await groupSessionsWithCohort(trx)
    .where("group_sessions.id", "=", sessionId)
    .executeTakeFirstOrThrow();
  const event = groupSessionEvent(row, uidHost(config.publicUrl));
  const cancelled = event.status === "cancelled";
  const content = cancelled ? sessionEmails.cancelled : sessionEmails.moved;
  const url = `${config.publicUrl}/portal`;
  let queued = 0;
  for (const person of await sessionRecipients(trx, row.cohort_id)) {
    const zone = person.timeZone || config.siteTimeZone;
    await enqueueEmail(
      trx,
      {
        kind: cancelled ? "group_session_cancelled" : "group_session_moved",
        to: person.email,
        personId: person.personId,
        dedupeKey: `group-session:${row.id}:${event.sequence}:${person.key}`,
        ...renderEmail(
          content({
            firstName: person.firstName,
            week: Number(row.week),
            topic: row.topic,
            when: whenFor(row.starts_at, zone, now),
            url,
          }),
        ),
        calendar: calendarText([event], {
          now,
          method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
          organizer: config.contactEmail,
          attendee: { email: person.email, name: person.name },
        }),
      },
      now,
    );
    queued += 1;
  }
  return queued;
}
