import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { bookingEmails } from "./bookings.words";
import { site } from "~/content/site";
import type { BookingKind } from "~/db/booking-schema";
import { calendarParamText } from "~/features/sessions/calendar-param";
import { meetingLink } from "./meeting-place";

/** Every invite about one booking (request, move, cancel) carries this UID. */
export function bookingUid(bookingId: string): string {
  return `one-on-one-${bookingId}@fromscratchtosuccess.com`;
}

export interface InviteBooking {
  id: string;
  kind: BookingKind;
  week: number;
  starts_at: string;
  ends_at: string;
  sequence: number;
  /** The mentor's meeting place: LOCATION, and URL when it is a link. */
  place: string | null;
}

/** The iCalendar text of an invite about a 1-on-1 or the deep-dive (times in UTC, SEQUENCE of this change). */
export function bookingInvite(
  booking: InviteBooking,
  people: { student: { name: string; email: string }; mentor: { name: string; email: string } },
  organizerEmail: string,
  now: Date,
  method: ICalCalendarMethod.REQUEST | ICalCalendarMethod.CANCEL,
): string {
  const calendar = ical({
    prodId: { company: site.name, product: bookingEmails.product, language: "EN" },
    method,
  });
  calendar.createEvent({
    id: bookingUid(booking.id),
    sequence: booking.sequence,
    stamp: now,
    start: new Date(booking.starts_at),
    end: new Date(booking.ends_at),
    summary: bookingEmails.summary(people.student.name, people.mentor.name, booking.kind),
    description: bookingEmails.description(booking.week, booking.kind),
    location: booking.place,
    url: meetingLink(booking.place),
    organizer: { name: site.name, email: organizerEmail },
    attendees: [people.student, people.mentor].map((person) => ({
      email: person.email,
      name: calendarParamText(person.name) || undefined,
      rsvp: false,
    })),
    status:
      method === ICalCalendarMethod.CANCEL ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
