import type { Db } from "~/db/database.server";
import type { BookingKind, BookingsTable } from "~/db/booking-schema";
import { freeSlots, LONGEST_BOOKING_MS, weekMonday, weekWindow, type Slot } from "./slots";
import { availabilityOf } from "./availability.server";

/** The reads of bookings that the booking pages, the commands, reminders and marking share. */

export type Booking = Omit<BookingsTable, "sequence"> & { sequence: number };

/** A bookings row as read: PostgreSQL may read its integers as strings. */
export function toBooking<R extends Booking>(row: R): R {
  return { ...row, sequence: Number(row.sequence), week: Number(row.week) };
}

/** The mentor's live bookings (1-on-1s and deep-dives) that can overlap [from, to). */
export async function liveBookingsOf(
  db: Db,
  mentorId: string,
  from: Date,
  to: Date,
  except?: string,
) {
  // A booking starting before the window can still overlap its first minutes.
  const since = new Date(from.getTime() - LONGEST_BOOKING_MS).toISOString();
  let query = db
    .selectFrom("bookings")
    .select(["starts_at as startsAt", "ends_at as endsAt"])
    .where("mentor_id", "=", mentorId)
    .where("status", "=", "booked")
    .where("starts_at", ">=", since)
    .where("starts_at", "<", to.toISOString());
  // A booking being moved does not stand in its own way.
  if (except) query = query.where("id", "!=", except);
  return query.execute();
}

/** The mentor's free slots in a programme week of the seat's cohort, read now. */
export async function weekSlots(
  db: Db,
  mentorId: string,
  startDate: string,
  week: number,
  siteZone: string,
  now: Date,
): Promise<Slot[]> {
  const monday = weekMonday(startDate, week);
  const { start, end } = weekWindow(monday, siteZone);
  const { availability, mentorZone, offDates } = await availabilityOf(db, mentorId, siteZone);
  return freeSlots({
    availability,
    mentorZone,
    offDates,
    booked: await liveBookingsOf(db, mentorId, start, end),
    weekMonday: monday,
    siteZone,
    now,
  });
}

/** A seat's live booking of `kind` (a 1-on-1 of week `week`; the deep-dive is in week 0), if any. */
export async function liveBookingOf(
  db: Db,
  seat: { personId: string; cohortId: string },
  kind: BookingKind,
  week?: number,
): Promise<Booking | undefined> {
  let query = db
    .selectFrom("bookings")
    .selectAll()
    .where("person_id", "=", seat.personId)
    .where("cohort_id", "=", seat.cohortId)
    .where("kind", "=", kind)
    .where("status", "=", "booked");
  if (week !== undefined) query = query.where("week", "=", week);
  const row = await query.executeTakeFirst();
  return row && toBooking(row);
}

/**
 * Who changes a booking: the student, through the page of one kind (/portal/book for 1-on-1s,
 * /portal/deep-dive for the deep-dive; an id of the other kind is not found there), or the mentor
 * (either kind, from /portal/mentor).
 */
export type BookingOwner = { personId: string; kind: BookingKind } | { mentorId: string };

/** A live booking of the student's (of their page's kind), or of the mentor's; undefined when none. */
export async function liveBooking(
  db: Db,
  bookingId: string,
  owner: BookingOwner,
): Promise<Booking | undefined> {
  let query = db
    .selectFrom("bookings")
    .selectAll()
    .where("id", "=", bookingId)
    .where("status", "=", "booked");
  query =
    "personId" in owner
      ? query.where("person_id", "=", owner.personId).where("kind", "=", owner.kind)
      : query.where("mentor_id", "=", owner.mentorId);
  const row = await query.executeTakeFirst();
  return row && toBooking(row);
}

/** Live bookings with their student's name, for the mentor's lists and the session page. */
export function liveBookingsWithStudent(db: Db) {
  return db
    .selectFrom("bookings")
    .innerJoin("people", "people.id", "bookings.person_id")
    .select([
      "bookings.id",
      "bookings.person_id",
      "bookings.kind",
      "bookings.week",
      "bookings.starts_at",
      "people.first_name",
      "people.last_name",
    ])
    .where("bookings.status", "=", "booked");
}

/** The mentor's upcoming live 1-on-1s and deep-dives (and those that started in the last hour), soonest first. */
export async function mentorUpcoming(db: Db, mentorId: string, now: Date) {
  return liveBookingsWithStudent(db)
    .select("bookings.place")
    .where("bookings.mentor_id", "=", mentorId)
    .where("bookings.starts_at", ">=", new Date(now.getTime() - 3_600_000).toISOString())
    .orderBy("bookings.starts_at")
    .limit(100)
    .execute();
}

/** Live bookings with the people their emails go to (reminders, a refund's cancellations). */
export function liveBookingsWithPeople(db: Db) {
  return db
    .selectFrom("bookings")
    .innerJoin("people", "people.id", "bookings.person_id")
    .innerJoin("mentors", "mentors.id", "bookings.mentor_id")
    .leftJoin("student_profiles", "student_profiles.person_id", "bookings.person_id")
    .selectAll("bookings")
    .select([
      "people.first_name",
      "people.last_name",
      "people.email as student_email",
      "student_profiles.time_zone as student_zone",
      "mentors.name as mentor_name",
      "mentors.email as mentor_email",
      "mentors.time_zone as mentor_zone",
    ])
    .where("bookings.status", "=", "booked");
}

type BookingWithPeople = Awaited<
  ReturnType<ReturnType<typeof liveBookingsWithPeople>["executeTakeFirstOrThrow"]>
>;

/** The student and the mentor of a booking read with its people, each in their own zone. */
export function peopleOf(row: BookingWithPeople, siteZone: string) {
  return {
    student: {
      name: fullName(row),
      email: row.student_email,
      zone: row.student_zone ?? siteZone,
    },
    mentor: {
      id: row.mentor_id,
      name: row.mentor_name,
      email: row.mentor_email,
      zone: row.mentor_zone ?? siteZone,
    },
  };
}

/** A student's name as the bookings lists print it. */
export function fullName(row: { first_name: string; last_name: string }) {
  return `${row.first_name} ${row.last_name}`.trim();
}
