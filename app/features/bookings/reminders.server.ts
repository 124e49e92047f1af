import { bookingEmails } from "./bookings.words";
import { queueEmailOnce } from "~/mail/sent-once.server";
import { REMINDERS } from "./slots";
import { renderEmail } from "~/mail/message";
import type { Services } from "~/context";
import { whenFor } from "~/lib/time-zone";
import { liveBookingsWithPeople, peopleOf } from "./booking-queries.server";

/**
 * Reminders of live 1-on-1s and interview deep-dives, 24 hours and 1 hour before, to the student and the mentor, each in
 * their own zone, each with a link to their own page (the student's booking page, the mentor's
 * /portal/mentor). A reminder is due once its moment has come and the 1-on-1 has not started; it
 * is skipped when the booking was made or moved after that moment (its confirmation just went).
 * Each is claimed with a sent_once key (booking, start, reminder, reader) in the transaction that
 * queues it, so two runs, on one instance or several, send it once; a moved 1-on-1 has a new start
 * and so new reminders.
 */
export async function sendBookingReminders(services: Services): Promise<number> {
  const { db, config } = services;
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const horizon = new Date(now.getTime() + REMINDERS[0].beforeMs).toISOString();
  const due = await liveBookingsWithPeople(db)
    .where("bookings.starts_at", ">", nowIso)
    .where("bookings.starts_at", "<=", horizon)
    .orderBy("bookings.starts_at")
    .limit(500)
    .execute();
  let queued = 0;
  for (const booking of due) {
    const start = Date.parse(booking.starts_at);
    // The nearest reminder whose moment has come (an hour before wins over a day before).
    const reminder = [...REMINDERS].reverse().find((r) => now.getTime() >= start - r.beforeMs);
    if (!reminder || Date.parse(booking.updated_at) > start - reminder.beforeMs) continue;
    const { student, mentor } = peopleOf(booking, config.siteTimeZone);
    const readers = [
      {
        ...student,
        who: "student",
        personId: booking.person_id as string | null,
        name: booking.first_name,
        other: mentor.name,
        path: booking.kind === "deep_dive" ? "/portal/deep-dive" : "/portal/book",
      },
      {
        ...mentor,
        who: "mentor",
        personId: null,
        name: mentor.name.split(" ")[0] ?? mentor.name,
        other: student.name,
        path: "/portal/mentor",
      },
    ];
    for (const reader of readers) {
      const key = `booking-reminder:${booking.id}:${booking.starts_at}:${reminder.key}:${reader.who}`;
      const content = bookingEmails.reminder({
        name: reader.name,
        other: reader.other,
        when: whenFor(booking.starts_at, reader.zone, now),
        week: Number(booking.week),
        kind: booking.kind,
        portalUrl: `${config.publicUrl}${reader.path}`,
        place: booking.place,
        soon: reminder.key,
      });
      const message = {
        kind: `${booking.kind === "deep_dive" ? "deep_dive" : "one_on_one"}_reminder`,
        to: reader.email,
        personId: reader.personId,
      };
      if (await queueEmailOnce(db, { ...message, ...renderEmail(content), dedupeKey: key }, now))
        queued += 1;
    }
  }
  return queued;
}
