import { randomUUID } from "node:crypto";
import type { DB, Trx } from "~/db/database.server";
import {
  MAX_AVAILABILITY_ROWS,
  MAX_DAYS_OFF,
  minuteOf,
  overlapsRow,
  type AvailabilityForm,
} from "./availability-form";
import type { AvailabilityRow } from "./slots";
import { dateInZone } from "~/lib/time-zone";

/** A mentor's time zone, weekly hours and upcoming days off, as the availability page shows them. */
export async function readAvailability(db: DB, mentorId: string, siteZone: string, now: Date) {
  const mentor = await db
    .selectFrom("mentors")
    .select(["time_zone", "meeting_place"])
    .where("id", "=", mentorId)
    .executeTakeFirstOrThrow();
  const timeZone = mentor.time_zone ?? siteZone;
  const hours = await db
    .selectFrom("mentor_availability")
    .select(["id", "weekday", "start_minute", "end_minute"])
    .where("mentor_id", "=", mentorId)
    .orderBy("weekday")
    .orderBy("start_minute")
    .orderBy("id")
    .execute();
  const daysOff = await db
    .selectFrom("availability_overrides")
    .select(["id", "date"])
    .where("mentor_id", "=", mentorId)
    .where("date", ">=", dateInZone(now, timeZone))
    .orderBy("date")
    .execute();
  return {
    timeZone,
    zoneSet: mentor.time_zone !== null,
    meetingPlace: mentor.meeting_place,
    hours,
    daysOff,
  };
}

/** A mentor's own time zone (null: the site's). */
export async function mentorZoneOf(
  db: DB | Trx,
  mentorId: string,
  siteZone: string,
): Promise<string> {
  const mentor = await db
    .selectFrom("mentors")
    .select("time_zone")
    .where("id", "=", mentorId)
    .executeTakeFirst();
  return mentor?.time_zone || siteZone;
}

/** The mentor's weekly rows of hours, as numbers. */
async function weeklyHours(db: DB | Trx, mentorId: string): Promise<AvailabilityRow[]> {
  const rows = await db
    .selectFrom("mentor_availability")
    .select(["weekday", "start_minute", "end_minute"])
    .where("mentor_id", "=", mentorId)
    .execute();
  return rows.map((row) => ({
    weekday: Number(row.weekday),
    startMinute: Number(row.start_minute),
    endMinute: Number(row.end_minute),
  }));
}

/** What the weekly slots are expanded from: the mentor's zone, hours and every day off. */
export async function availabilityOf(db: DB | Trx, mentorId: string, siteZone: string) {
  const mentorZone = await mentorZoneOf(db, mentorId, siteZone);
  const availability = await weeklyHours(db, mentorId);
  const off = await db
    .selectFrom("availability_overrides")
    .select("date")
    .where("mentor_id", "=", mentorId)
    .execute();
  return {
    mentorZone,
    availability,
    offDates: off.map((row) => row.date),
  };
}

export type AvailabilityChange =
  | { kind: "ok" }
  | {
      kind: "refused";
      field: string;
      reason:
        "overlap" | "tooMany" | "past" | "tooManyOff" | "duplicateOff" | "notFound" | "placeNeeded";
    };

/**
 * Applies one of the availability page's forms for `mentorId` (the meeting place has its own,
 * changeMeetingPlace), checked against what is stored in the same transaction (overlaps, the row
 * limits; no hours before a meeting place). A row of another mentor is never touched.
 */
export async function changeAvailability(
  db: DB,
  mentorId: string,
  form: Exclude<AvailabilityForm, { intent: "place" }>,
  siteZone: string,
  now: Date,
): Promise<AvailabilityChange> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx): Promise<AvailabilityChange> => {
    switch (form.intent) {
      case "zone":
        await trx
          .updateTable("mentors")
          .set({ time_zone: form.timeZone, updated_at: nowIso })
          .where("id", "=", mentorId)
          .execute();
        return { kind: "ok" };
      case "add_hours": {
        const { meeting_place } = await trx
          .selectFrom("mentors")
          .select("meeting_place")
          .where("id", "=", mentorId)
          .executeTakeFirstOrThrow();
        if (!meeting_place) return { kind: "refused", field: "", reason: "placeNeeded" };
        const row = {
          weekday: form.weekday,
          startMinute: minuteOf(form.from)!,
          endMinute: minuteOf(form.to)!,
        };
        const existing = await weeklyHours(trx, mentorId);
        if (existing.length >= MAX_AVAILABILITY_ROWS)
          return { kind: "refused", field: "weekday", reason: "tooMany" };
        if (overlapsRow(row, existing))
          return { kind: "refused", field: "from", reason: "overlap" };
        await trx
          .insertInto("mentor_availability")
          .values({
            id: randomUUID(),
            mentor_id: mentorId,
            weekday: row.weekday,
            start_minute: row.startMinute,
            end_minute: row.endMinute,
          })
          .execute();
        return { kind: "ok" };
      }
      case "remove_hours":
        return removeOwnRow(trx, "mentor_availability", mentorId, form.id);
      case "add_off": {
        const today = dateInZone(now, await mentorZoneOf(trx, mentorId, siteZone));
        if (form.date < today) return { kind: "refused", field: "date", reason: "past" };
        const upcoming = await trx
          .selectFrom("availability_overrides")
          .select(["date"])
          .where("mentor_id", "=", mentorId)
          .where("date", ">=", today)
          .execute();
        if (upcoming.some((row) => row.date === form.date))
          return { kind: "refused", field: "date", reason: "duplicateOff" };
        if (upcoming.length >= MAX_DAYS_OFF)
          return { kind: "refused", field: "date", reason: "tooManyOff" };
        await trx
          .insertInto("availability_overrides")
          .values({ id: randomUUID(), mentor_id: mentorId, date: form.date, kind: "off" })
          .onConflict((oc) => oc.columns(["mentor_id", "date"]).doNothing())
          .execute();
        return { kind: "ok" };
      }
      case "remove_off":
        return removeOwnRow(trx, "availability_overrides", mentorId, form.id);
    }
  });
}

/** Removes a row of hours or a day off, only the mentor's own; another's id is not found. */
async function removeOwnRow(
  trx: Trx,
  table: "mentor_availability" | "availability_overrides",
  mentorId: string,
  id: string,
): Promise<AvailabilityChange> {
  const result = await trx
    .deleteFrom(table)
    .where("id", "=", id)
    .where("mentor_id", "=", mentorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0
    ? { kind: "ok" }
    : { kind: "refused", field: "id", reason: "notFound" };
}
