import { ICalCalendarMethod } from "ical-generator";
import { bookingEmails } from "./bookings.words";
import type { Trx } from "~/db/database.server";
import { whenFor } from "~/lib/time-zone";
import { renderEmail, type EmailContent } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import { bookingInvite } from "./invite.server";
import type { Booking } from "./booking-queries.server";

export type BookingChange = "booked" | "moved" | "cancelled" | "placeChanged";

/** The student and the mentor of a booking, each with the zone their emails are written in. */
export interface BookingPeople {
  personId: string;
  student: { name: string; email: string; zone: string };
  mentor: { id: string; name: string; email: string; zone: string };
}

/**
 * The emails of one change, to the student and to the mentor, each in their own zone, each with
 * the booking's meeting place and its invite, queued in the caller's transaction. A new place is
 * queued once per booking, SEQUENCE and reader (dedupe key), so saving a place twice never sends
 * a second copy.
 */
export async function notifyBooking(
  trx: Trx,
  services: Services,
  seat: BookingPeople,
  booking: Booking,
  change: BookingChange,
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
