import { randomUUID } from "node:crypto";
import { studentSeat } from "~/features/portal/seat.server";
import { bookingText } from "./bookings.words";
import type { Trx } from "~/db/database.server";
import type { BookingKind } from "~/db/booking-schema";
import { bookableWeeks, studentMayChange, type Slot } from "./slots";
import type { Services } from "~/context";
import {
  liveBooking,
  liveBookingOf,
  liveBookingsWithPeople,
  peopleOf,
  toBooking,
  weekSlots,
  type Booking,
} from "./booking-queries.server";
import { notifyBooking, type BookingPeople } from "./booking-emails.server";
import { lockMentor, withMentorLock, type LockedSeat } from "./mentor-lock.server";

/**
 * The 1-on-1s each student is owed (issue 35, item 3): booking, moving and cancelling them, each
 * under the mentor's lock (mentor-lock.server.ts). Each change queues the emails (with the invite)
 * to the student and the mentor in the same transaction.
 */

export type BookingOutcome =
  | { kind: "booked" | "moved" | "cancelled" }
  | { kind: "taken" | "already" | "tooLate" | "notFound" | "slot" };

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
  await notifyBooking(trx, services, seat, booking, "booked", {}, now);
  return booking;
}

/** Moves a booking to `slot` (same UID, SEQUENCE up), and queues the emails with the new invite. */
async function moveBooking(
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
  await notifyBooking(trx, services, seat, moved, "moved", { from: booking.starts_at }, now);
}

/**
 * The student moves their own live booking of `kind` (with their mentor, up to 24 hours before)
 * to the slot `freeSlot` finds free under the mentor's lock: undefined is "taken", "notFound"
 * when what the slot depends on is gone. Both kinds move through here.
 */
export async function moveStudentBooking(
  services: Services,
  personId: string,
  bookingId: string,
  kind: BookingKind,
  freeSlot: (
    trx: Trx,
    seat: LockedSeat,
    booking: Booking,
    now: Date,
  ) => Promise<Slot | undefined | "notFound">,
): Promise<BookingOutcome> {
  return withMentorLock(services, personId, async (trx, seat, now): Promise<BookingOutcome> => {
    const booking = await liveBooking(trx, bookingId, { personId, kind });
    if (!booking || booking.mentor_id !== seat.mentor.id) return { kind: "notFound" };
    if (!studentMayChange(booking.starts_at, now)) return { kind: "tooLate" };
    const chosen = await freeSlot(trx, seat, booking, now);
    if (chosen === "notFound") return { kind: "notFound" };
    if (!chosen) return { kind: "taken" };
    await moveBooking(trx, services, seat, booking, chosen, now);
    return { kind: "moved" };
  });
}

/** The mentor's free slot starting at `slot` in programme week `week` of the seat, read now. */
async function weekSlotAt(
  trx: Trx,
  seat: LockedSeat & { startDate: string },
  week: number,
  slot: string,
  siteZone: string,
  now: Date,
): Promise<Slot | undefined> {
  const free = await weekSlots(trx, seat.mentor.id, seat.startDate, week, siteZone, now);
  return free.find((s) => s.startsAt === slot);
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
    const { startDate } = seat;
    if (!startDate) return { kind: "notFound" };
    if (!bookableWeeks(startDate, now, siteZone).includes(week)) return { kind: "slot" };
    if (await liveBookingOf(trx, seat, "one_on_one", week)) return { kind: "already" };
    const chosen = await weekSlotAt(trx, { ...seat, startDate }, week, slot, siteZone, now);
    if (!chosen) return { kind: "taken" };
    const what = { kind: "one_on_one" as const, week, slot: chosen, interviewId: null };
    await insertBooking(trx, services, seat, what, now);
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
  return moveStudentBooking(
    services,
    personId,
    bookingId,
    "one_on_one",
    (trx, seat, booking, now) => {
      const { startDate } = seat;
      if (!startDate) return Promise.resolve("notFound" as const);
      return weekSlotAt(trx, { ...seat, startDate }, booking.week, slot, siteZone, now);
    },
  );
}

/** How a live booking ends: who cancelled it, the reason stored, and what each reader is told. */
interface Cancellation {
  by: "student" | "mentor" | "refund" | "mentor_change";
  reason: string | null;
  told?: { student: string; mentor: string };
}

/** Cancels a live booking (SEQUENCE up, the slot free again) and emails both the cancellation. */
async function cancelLive(
  trx: Trx,
  services: Services,
  people: BookingPeople | null,
  booking: Booking,
  cancel: Cancellation,
  now: Date,
) {
  const cancelled: Booking = { ...booking, status: "cancelled", sequence: booking.sequence + 1 };
  await trx
    .updateTable("bookings")
    .set({
      status: "cancelled",
      sequence: cancelled.sequence,
      cancelled_by: cancel.by,
      cancel_reason: cancel.reason,
      updated_at: now.toISOString(),
    })
    .where("id", "=", booking.id)
    .execute();
  if (!people) return;
  const extra = { reason: cancel.told ?? cancel.reason, byMentor: cancel.by === "mentor" };
  await notifyBooking(trx, services, people, cancelled, "cancelled", extra, now);
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
    const people = seat && {
      ...seat,
      mentor: { ...mentor, zone: mentor.time_zone ?? config.siteTimeZone },
    };
    const cancel: Cancellation = byMentor
      ? { by: "mentor", reason: by.reason }
      : { by: "student", reason: null };
    await cancelLive(trx, services, people, booking, cancel, now);
    return { kind: "cancelled" };
  });
}

/**
 * A refunded seat, or a student moved to another mentor, takes its upcoming 1-on-1s and deep-dive
 * with it: each live booking of the person in the cohort that has not started is cancelled (by
 * "refund", or "mentor_change" with the new mentor's name), in the caller's transaction, and the
 * student and the mentor get the cancellation with its invite (a move says why, to each). The
 * mentor's slot is free again, and the student books again with their new mentor.
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
  const moved = bookingText.mentorChanged;
  const cancel: Cancellation =
    by === "refund"
      ? { by: "refund", reason: null }
      : {
          by: "mentor_change",
          reason: null,
          told: { student: moved.student(by.newMentor), mentor: moved.mentor },
        };
  for (const row of rows) {
    const people = { personId, ...peopleOf(row, services.config.siteTimeZone) };
    await cancelLive(trx, services, people, toBooking(row), cancel, now);
  }
  return rows.length;
}
