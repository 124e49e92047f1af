import { recordAudit } from "~/features/accounts/audit.server";
import { parseMeetingPlace } from "./meeting-place";
import type { Services } from "~/context";
import {
  liveBookingsWithPeople,
  peopleOf,
  toBooking,
  type Booking,
} from "./booking-queries.server";
import { notifyBooking } from "./booking-emails.server";
import { lockMentor } from "./mentor-lock.server";

export type PlaceChange =
  | { kind: "saved"; name: string; updated: number }
  | { kind: "unchanged"; name: string }
  | { kind: "invalid" }
  | { kind: "notFound" };

/**
 * Sets where a mentor meets (issue 45, item 1), by the mentor (availability page) or the owner
 * (/admin/mentors, audited as `mentor.place`). Under the mentor's lock, in one transaction: the
 * place is saved, and each of their live bookings that has not started and carries another place
 * takes the new one with SEQUENCE + 1, its student and mentor emailed with the updated invite
 * (the path a moved booking takes). The same place saved again changes and sends nothing; a
 * booking already carrying the place is skipped, so a retried save never sends twice.
 */
export async function changeMeetingPlace(
  services: Services,
  mentorId: string,
  typed: string,
  owner: { actor: string } | null = null,
): Promise<PlaceChange> {
  const parsed = parseMeetingPlace(typed);
  if (!parsed.ok) return { kind: "invalid" };
  const { place } = parsed;
  const { db, engine, config } = services;
  const now = services.clock.now();
  return db.transaction().execute(async (trx): Promise<PlaceChange> => {
    const mentor = await trx
      .selectFrom("mentors")
      .select(["name", "meeting_place"])
      .where("id", "=", mentorId)
      .executeTakeFirst();
    if (!mentor) return { kind: "notFound" };
    await lockMentor(trx, engine, mentorId);
    const nowIso = now.toISOString();
    if (mentor.meeting_place !== place)
      await trx
        .updateTable("mentors")
        .set({ meeting_place: place, updated_at: nowIso })
        .where("id", "=", mentorId)
        .execute();
    const rows = await liveBookingsWithPeople(trx)
      .where("bookings.mentor_id", "=", mentorId)
      .where("bookings.starts_at", ">", nowIso)
      .where((eb) => eb.or([eb("bookings.place", "is", null), eb("bookings.place", "!=", place)]))
      .orderBy("bookings.starts_at")
      .execute();
    for (const row of rows) {
      const booking = toBooking(row);
      const placed: Booking = {
        ...booking,
        place,
        sequence: booking.sequence + 1,
        updated_at: nowIso,
      };
      await trx
        .updateTable("bookings")
        .set({ place, sequence: placed.sequence, updated_at: nowIso })
        .where("id", "=", booking.id)
        .execute();
      const seat = { personId: row.person_id, ...peopleOf(row, config.siteTimeZone) };
      await notifyBooking(trx, services, seat, placed, "placeChanged", {}, now);
    }
    if (mentor.meeting_place === place && rows.length === 0)
      return { kind: "unchanged", name: mentor.name };
    if (owner)
      await recordAudit(trx, owner.actor, "mentor.place", { mentorId, bookings: rows.length }, now);
    return { kind: "saved", name: mentor.name, updated: rows.length };
  });
}
