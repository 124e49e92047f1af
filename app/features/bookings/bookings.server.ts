import { eventTense } from "~/features/sessions/event-tense";
import { studentSeat, type StudentSeat } from "~/features/portal/seat.server";
import { randomUUID } from "node:crypto";
import { ICalCalendarMethod } from "ical-generator";
import { bookingEmails, bookingText } from "./bookings.words";
import type { DB, Trx } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import type { BookingKind, BookingsTable } from "~/db/booking-schema";
import {
  bookableWeeks,
  freeSlots,
  LONGEST_BOOKING_MS,
  slotsByDay,
  studentMayChange,
  weekMonday,
  weekWindow,
  type Slot,
} from "./slots";
import { formatDay, formatTimeOfDay, formatWhen, whenFor } from "~/lib/time-zone";
import type { Engine } from "~/db/migrations.server";
import { renderEmail, type EmailContent } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import { availabilityOf, mentorZoneOf } from "./availability.server";
import { bookingInvite } from "./invite.server";

/**
 * The 1-on-1s each student is owed (issue 35, item 3). Every booking, move and cancellation
 * commits under the mentor's row lock (PostgreSQL `select ... for update`; SQLite runs one write
 * transaction at a time), re-reading the free slots inside it; the partial unique indexes
 * `bookings_one_per_slot` and `bookings_one_per_week` are the last guard. Each change queues the
 * emails (with the invite) to the student and the mentor in the same transaction.
 */

export type Booking = Omit<BookingsTable, "sequence"> & { sequence: number };

/** A bookings row as read: PostgreSQL may read its integers as strings. */
export function toBooking<R extends Booking>(row: R): R {
  return { ...row, sequence: Number(row.sequence), week: Number(row.week) };
}

/** The mentor's live bookings (1-on-1s and deep-dives) that can overlap [from, to). */
export async function liveBookingsOf(
  db: DB | Trx,
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
  db: DB | Trx,
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

/** The seat's live booking of `kind` (a 1-on-1 of week `week`; the deep-dive is in week 0), if any. */
export async function liveBookingOf(
  db: DB | Trx,
  seat: StudentSeat,
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

/** Takes the mentor's row lock (PostgreSQL); SQLite's transactions already run one at a time. */
/** Takes the mentor's row lock (PostgreSQL; SQLite has one writer): bookings and moves queue on it. */
export async function lockMentor(trx: Trx, engine: Engine, mentorId: string) {
  let query = trx.selectFrom("mentors").select("id").where("id", "=", mentorId);
  if (engine === "postgres") query = query.forUpdate();
  await query.executeTakeFirstOrThrow();
}

type Change = "booked" | "moved" | "cancelled" | "placeChanged";

/**
 * The emails of one change, to the student and to the mentor, each in their own zone, each with
 * the booking's meeting place and its invite. A new place is queued once per booking, SEQUENCE
 * and reader (dedupe key), so saving a place twice never sends a second copy.
 */
export async function notify(
  trx: Trx,
  services: Services,
  seat: {
    personId: string;
    student: { name: string; email: string; zone: string };
    mentor: { id: string; name: string; email: string; zone: string };
  },
  booking: Booking,
  change: Change,
  extra: {
    from?: string;
    /** The cancellation's reason, to both readers or to each its own. */
    reason?: string | null | { student: string; mentor: string };
    byMentor?: boolean;
  },
  now: Date,
) {
  const portalUrl = `${services.config.publicUrl}/portal`;
  const calendar = bookingInvite(
    booking,
    { student: seat.student, mentor: seat.mentor },
    services.config.contactEmail,
    now,
    change === "cancelled" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  );
  const readers = [
    {
      ...seat.student,
      role: "student" as const,
      other: seat.mentor.name,
      personId: seat.personId as string | null,
    },
    { ...seat.mentor, role: "mentor" as const, other: seat.student.name, personId: null },
  ];
  for (const reader of readers) {
    const facts = {
      name: reader.name.split(" ")[0] ?? reader.name,
      other: reader.other,
      when: whenFor(booking.starts_at, reader.zone, now),
      week: booking.week,
      kind: booking.kind,
      portalUrl,
      place: booking.place,
    };
    const content: EmailContent =
      change === "booked"
        ? bookingEmails.booked(facts)
        : change === "placeChanged"
          ? bookingEmails.placeChanged(facts)
          : change === "moved"
            ? bookingEmails.moved({ ...facts, from: whenFor(extra.from!, reader.zone, now) })
            : bookingEmails.cancelled({
                ...facts,
                reason:
                  typeof extra.reason === "object" && extra.reason
                    ? extra.reason[reader.role]
                    : (extra.reason ?? null),
                byMentor: extra.byMentor ?? false,
                reader: reader.role,
              });
    await enqueueEmail(
      trx,
      {
        kind: `${booking.kind === "deep_dive" ? "deep_dive" : "one_on_one"}_${change === "placeChanged" ? "place" : change}`,
        to: reader.email,
        personId: reader.personId,
        ...renderEmail(content),
        calendar,
        ...(change === "placeChanged"
          ? { dedupeKey: `booking-place:${booking.id}:${booking.sequence}:${reader.role}` }
          : {}),
      },
      now,
    );
  }
}

export type BookingOutcome =
  | { kind: "booked" | "moved" | "cancelled" }
  | { kind: "taken" | "already" | "tooLate" | "notFound" | "slot" };

/** A student's seat with its active mentor, read under that mentor's lock. */
export type LockedSeat = StudentSeat & { mentor: NonNullable<StudentSeat["mentor"]> };

/**
 * The prelude of every booking and move (1-on-1 or deep-dive): one transaction that reads the
 * student's seat, takes their mentor's lock, then runs `work`, which re-reads the free slots
 * inside it. A unique index that still refuses the row (a race the lock did not see) is "taken".
 */
export async function withMentorLock<T extends { kind: string }>(
  services: Services,
  personId: string,
  work: (trx: Trx, seat: LockedSeat, now: Date) => Promise<T>,
): Promise<T | { kind: "notFound" | "taken" }> {
  const { db, engine, config } = services;
  const now = services.clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      const seat = await studentSeat(trx, personId, config.siteTimeZone);
      if (!seat?.mentor) return { kind: "notFound" as const };
      await lockMentor(trx, engine, seat.mentor.id);
      // The owner may have moved the student to another mentor while this waited for the lock.
      // Read again under the lock: the mentor as they now are (their meeting place too).
      const still = await studentSeat(trx, personId, config.siteTimeZone);
      const mentor = still?.mentor;
      if (!still || mentor?.id !== seat.mentor.id) return { kind: "notFound" as const };
      return work(trx, { ...still, mentor }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "taken" };
    throw error;
  }
}

/** Inserts a booking of the seat's student with their mentor, and queues its emails. */
export async function insertBooking(
  trx: Trx,
  services: Services,
  seat: LockedSeat,
  what: { kind: Booking["kind"]; week: number; slot: Slot; interviewId: string | null },
  now: Date,
): Promise<Booking> {
  const nowIso = now.toISOString();
  const booking: Booking = {
    id: randomUUID(),
    cohort_id: seat.cohortId,
    person_id: seat.personId,
    mentor_id: seat.mentor.id,
    kind: what.kind,
    week: what.week,
    starts_at: what.slot.startsAt,
    ends_at: what.slot.endsAt,
    status: "booked",
    sequence: 0,
    cancelled_by: null,
    cancel_reason: null,
    created_at: nowIso,
    updated_at: nowIso,
    outcome: null,
    outcome_at: null,
    interview_id: what.interviewId,
    place: seat.mentor.place,
  };
  await trx.insertInto("bookings").values(booking).execute();
  await notify(trx, services, seat, booking, "booked", {}, now);
  return booking;
}

/** Moves a booking to `slot` (same UID, SEQUENCE up), and queues the emails with the new invite. */
export async function moveBooking(
  trx: Trx,
  services: Services,
  seat: LockedSeat,
  booking: Booking,
  slot: Slot,
  now: Date,
): Promise<void> {
  const moved: Booking = {
    ...booking,
    starts_at: slot.startsAt,
    ends_at: slot.endsAt,
    sequence: booking.sequence + 1,
    updated_at: now.toISOString(),
  };
  await trx
    .updateTable("bookings")
    .set({
      starts_at: moved.starts_at,
      ends_at: moved.ends_at,
      sequence: moved.sequence,
      updated_at: moved.updated_at,
    })
    .where("id", "=", booking.id)
    .execute();
  await notify(trx, services, seat, moved, "moved", { from: booking.starts_at }, now);
}

/**
 * The student books `slot` (its UTC start) in programme week `week`: under the mentor's lock, the
 * slot must still be free and the week still open to them; a second 1-on-1 in the week is refused.
 */
export async function bookSlot(
  services: Services,
  personId: string,
  week: number,
  slot: string,
): Promise<BookingOutcome> {
  const siteZone = services.config.siteTimeZone;
  return withMentorLock(services, personId, async (trx, seat, now): Promise<BookingOutcome> => {
    if (!seat.startDate) return { kind: "notFound" };
    if (!bookableWeeks(seat.startDate, now, siteZone).includes(week)) return { kind: "slot" };
    if (await liveBookingOf(trx, seat, "one_on_one", week)) return { kind: "already" };
    const free = await weekSlots(trx, seat.mentor.id, seat.startDate, week, siteZone, now);
    const chosen = free.find((s) => s.startsAt === slot);
    if (!chosen) return { kind: "taken" };
    await insertBooking(
      trx,
      services,
      seat,
      { kind: "one_on_one", week, slot: chosen, interviewId: null },
      now,
    );
    return { kind: "booked" };
  });
}

/** The student moves their 1-on-1 to another free slot of the same week, up to 24 hours before. */
export async function rescheduleBooking(
  services: Services,
  personId: string,
  bookingId: string,
  slot: string,
): Promise<BookingOutcome> {
  const siteZone = services.config.siteTimeZone;
  return withMentorLock(services, personId, async (trx, seat, now): Promise<BookingOutcome> => {
    const booking = await liveBooking(trx, bookingId, { personId, kind: "one_on_one" });
    if (!booking || !seat.startDate) return { kind: "notFound" };
    if (!studentMayChange(booking.starts_at, now)) return { kind: "tooLate" };
    const free = await weekSlots(
      trx,
      booking.mentor_id,
      seat.startDate,
      booking.week,
      siteZone,
      now,
    );
    const chosen = free.find((s) => s.startsAt === slot);
    if (!chosen) return { kind: "taken" };
    await moveBooking(trx, services, seat, booking, chosen, now);
    return { kind: "moved" };
  });
}

/**
 * Who changes a booking: the student, through the page of one kind (/portal/book for 1-on-1s,
 * /portal/deep-dive for the deep-dive; an id of the other kind is not found there), or the mentor
 * (either kind, from /portal/mentor).
 */
export type BookingOwner = { personId: string; kind: BookingKind } | { mentorId: string };

/** A live booking of the student's (of their page's kind), or of the mentor's; undefined when none. */
export async function liveBooking(
  trx: Trx,
  bookingId: string,
  owner: BookingOwner,
): Promise<Booking | undefined> {
  let query = trx
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

/**
 * Cancels a live booking: the student up to 24 hours before, only of the kind of the page they
 * post from; the mentor any time with a reason. The week is open again (the unique index covers
 * live bookings only).
 */
export async function cancelBooking(
  services: Services,
  by: { personId: string; kind: BookingKind } | { mentorId: string; reason: string },
  bookingId: string,
): Promise<BookingOutcome> {
  const { db, engine, config } = services;
  const now = services.clock.now();
  return db.transaction().execute(async (trx): Promise<BookingOutcome> => {
    const found = await liveBooking(trx, bookingId, by);
    if (!found) return { kind: "notFound" };
    await lockMentor(trx, engine, found.mentor_id);
    const booking = await liveBooking(trx, bookingId, by);
    if (!booking) return { kind: "notFound" };
    const byMentor = "mentorId" in by;
    if (!byMentor && !studentMayChange(booking.starts_at, now)) return { kind: "tooLate" };
    const seat = await studentSeat(trx, booking.person_id, config.siteTimeZone);
    const mentor = await trx
      .selectFrom("mentors")
      .select(["id", "name", "email", "time_zone"])
      .where("id", "=", booking.mentor_id)
      .executeTakeFirstOrThrow();
    const cancelled: Booking = { ...booking, status: "cancelled", sequence: booking.sequence + 1 };
    await trx
      .updateTable("bookings")
      .set({
        status: "cancelled",
        sequence: cancelled.sequence,
        cancelled_by: byMentor ? "mentor" : "student",
        cancel_reason: byMentor ? by.reason : null,
        updated_at: now.toISOString(),
      })
      .where("id", "=", booking.id)
      .execute();
    if (seat) {
      const people = {
        ...seat,
        mentor: { ...mentor, zone: mentor.time_zone ?? config.siteTimeZone },
      };
      await notify(
        trx,
        services,
        people,
        cancelled,
        "cancelled",
        {
          reason: byMentor ? by.reason : null,
          byMentor,
        },
        now,
      );
    }
    return { kind: "cancelled" };
  });
}

/** The mentor's upcoming live 1-on-1s and deep-dives (and those that started in the last hour), soonest first. */
export async function mentorUpcoming(db: DB, mentorId: string, now: Date) {
  return db
    .selectFrom("bookings")
    .innerJoin("people", "people.id", "bookings.person_id")
    .select([
      "bookings.id",
      "bookings.person_id",
      "bookings.week",
      "bookings.kind",
      "bookings.starts_at",
      "bookings.place",
      "people.first_name",
      "people.last_name",
    ])
    .where("bookings.mentor_id", "=", mentorId)
    .where("bookings.status", "=", "booked")
    .where("bookings.starts_at", ">=", new Date(now.getTime() - 3_600_000).toISOString())
    .orderBy("bookings.starts_at")
    .limit(100)
    .execute();
}

/** What /portal/book shows: the week's free slots in the student's zone, and their booking. */
export async function bookingPage(
  services: Services,
  personId: string,
  requested: number | null,
  /** The reader's browser zone (a cookie), shown while they have saved none. */
  browserZone: string | null = null,
) {
  const { db, config } = services;
  const now = services.clock.now();
  const siteZone = config.siteTimeZone;
  const seat = await studentSeat(db, personId, siteZone, browserZone);
  if (!seat?.mentor) return { kind: "noMentor" as const };
  if (!seat.startDate) return { kind: "unscheduled" as const };
  const weeks = bookableWeeks(seat.startDate, now, siteZone);
  const week = requested !== null && weeks.includes(requested) ? requested : weeks[0];
  if (week === undefined) return { kind: "noWeeks" as const };
  const zone = seat.student.zone;
  const monday = weekMonday(seat.startDate, week);
  const { start, end } = weekWindow(monday, siteZone);
  const booking = await liveBookingOf(db, seat, "one_on_one", week);
  const slots = await weekSlots(db, seat.mentor.id, seat.startDate, week, siteZone, now);
  return {
    kind: "week" as const,
    zone,
    zoneFrom: seat.student.zoneFrom,
    mentor: seat.mentor.name,
    weeks,
    week,
    from: formatDay(start, siteZone),
    to: formatDay(new Date(end.getTime() - 1), siteZone),
    // The programme's weeks run in the site's zone: named when the reader's differs, as a slot
    // late on its Sunday shows on the reader's Monday.
    weekZone: zone === siteZone ? null : siteZone,
    booking: booking
      ? {
          id: booking.id,
          when: whenFor(booking.starts_at, zone, now),
          startsAt: booking.starts_at,
          mayChange: studentMayChange(booking.starts_at, now),
          place: booking.place,
          tense: eventTense(
            { start: new Date(booking.starts_at), cancelled: false, outcome: booking.outcome },
            now,
          ),
        }
      : null,
    days: weekDays(slots, zone, now),
  };
}

/** Free slots as the week view shows them: one column per day in the reader's zone. */
export function weekDays(slots: readonly Slot[], zone: string, now: Date) {
  return slotsByDay(slots, zone).map(([date, daySlots]) => ({
    date,
    label: formatDay(new Date(daySlots[0]!.startsAt), zone),
    slots: daySlots.map((slot) => ({
      startsAt: slot.startsAt,
      time: formatTimeOfDay(new Date(slot.startsAt), zone),
      when: formatWhen(new Date(slot.startsAt), zone, now),
    })),
  }));
}

/** The mentor's upcoming 1-on-1s as /portal/mentor lists them, in the mentor's zone. */
export async function mentorBookings(services: Services, mentorId: string) {
  const { db, config } = services;
  const now = services.clock.now();
  const zone = await mentorZoneOf(db, mentorId, config.siteTimeZone);
  const rows = await mentorUpcoming(db, mentorId, now);
  return rows.map((row) => ({
    id: row.id,
    personId: row.person_id,
    student: `${row.first_name} ${row.last_name}`.trim(),
    week: Number(row.week),
    kind: row.kind,
    startsAt: row.starts_at,
    when: whenFor(row.starts_at, zone, now),
    place: row.place,
  }));
}

/** Live bookings with the people their emails go to (reminders, a refund's cancellations). */
export function liveBookingsWithPeople(db: DB | Trx) {
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
      name: `${row.first_name} ${row.last_name}`.trim(),
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

/**
 * A refunded seat, or a student moved to another mentor, takes its upcoming 1-on-1s and deep-dive
 * with it: each live booking of the person in the cohort that has not started is cancelled (by
 * "refund", or "mentor_change" with the new mentor's name), in the caller's transaction, and the
 * student and the mentor get the cancellation with its invite (a move says why, to each). The mentor's slot is free again, and the
 * student books again with their new mentor.
 */
export async function releaseBookingsOf(
  trx: Trx,
  services: Services,
  personId: string,
  cohortId: string,
  now: Date,
  by: "refund" | { newMentor: string } = "refund",
): Promise<number> {
  const rows = await liveBookingsWithPeople(trx)
    .where("bookings.person_id", "=", personId)
    .where("bookings.cohort_id", "=", cohortId)
    .where("bookings.starts_at", ">", now.toISOString())
    .execute();
  for (const row of rows) {
    const booking = toBooking(row);
    const cancelled: Booking = { ...booking, status: "cancelled", sequence: booking.sequence + 1 };
    await trx
      .updateTable("bookings")
      .set({
        status: "cancelled",
        sequence: cancelled.sequence,
        cancelled_by: by === "refund" ? "refund" : "mentor_change",
        updated_at: now.toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
    const seat = { personId, ...peopleOf(row, services.config.siteTimeZone) };
    const moved = bookingText.mentorChanged;
    const reason =
      by === "refund" ? null : { student: moved.student(by.newMentor), mentor: moved.mentor };
    await notify(trx, services, seat, cancelled, "cancelled", { reason }, now);
  }
  return rows.length;
}
