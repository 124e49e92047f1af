import { eventTense } from "~/features/sessions/event-tense";
import { studentSeat } from "~/features/portal/seat.server";
import {
  bookableWeeks,
  slotsByDay,
  studentMayChange,
  weekMonday,
  weekWindow,
  type Slot,
} from "./slots";
import { formatDay, formatTimeOfDay, formatWhen, whenFor } from "~/lib/time-zone";
import type { Services } from "~/context";
import { mentorZoneOf } from "./availability.server";
import { fullName, liveBookingOf, mentorUpcoming, weekSlots } from "./booking-queries.server";

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
    student: fullName(row),
    week: Number(row.week),
    kind: row.kind,
    startsAt: row.starts_at,
    when: whenFor(row.starts_at, zone, now),
    place: row.place,
  }));
}
