import type { DB, Trx } from "~/db/database.server";
import { longDate } from "~/features/cohort/cohort";
import {
  DEEP_DIVE_MINUTES,
  deepDiveUnlock,
  deepDiveWeeks,
  deepDiveWindow,
  mondayAt,
  studentMayChange,
  windowSlots,
  type Slot,
} from "./slots";
import { dateInZone, formatDay, whenFor } from "~/lib/time-zone";
import { studentSeat, type StudentSeat } from "~/features/portal/seat.server";
import type { Services } from "~/context";
import { availabilityOf } from "./availability.server";
import { liveBookingOf, liveBookingsOf } from "./booking-queries.server";
import { insertBooking, moveStudentBooking, type BookingOutcome } from "./book.server";
import { weekDays } from "./booking-page.server";
import { withMentorLock } from "./mentor-lock.server";

/**
 * The interview deep-dive (issue 35, item 4): a student with a reported interview whose day is
 * still ahead books one 60-minute session with their own mentor per programme (a booking of kind
 * 'deep_dive' in week 0, pointing at the interview), in a free hour of the mentor's availability
 * from 12 hours ahead to the start of the interview day (site's zone). It commits under the same
 * mentor lock as a 1-on-1 and takes the mentor's time from 1-on-1s as they take it from it; the
 * index bookings_one_per_week keeps one live deep-dive per student and cohort. The student moves
 * or cancels it up to 24 hours before; a cancelled one (by either) can be booked again.
 */

export type DeepDiveOutcome = BookingOutcome | { kind: "locked" };

/**
 * The seat's live deep-dive and whether it is unlocked, with the interviews still ahead that count
 * (the rule is deepDiveUnlock in app/features/bookings/slots.ts; /portal/interviews reads it here too).
 */
export async function deepDiveState(db: DB | Trx, seat: StudentSeat, today: string) {
  // The live deep-dive of the seat (held ones stay live), if any.
  const booked = await liveBookingOf(db, seat, "deep_dive");
  const interviews = await db
    .selectFrom("interviews")
    .select(["id", "cohort_id", "firm", "role", "interview_date"])
    .where("person_id", "=", seat.personId)
    .orderBy("interview_date")
    .orderBy("created_at")
    .execute();
  const rule = deepDiveUnlock({ cohortId: seat.cohortId, today, interviews, booked: !!booked });
  return { booked, ...rule };
}

/** The mentor's free hours in the week of `monday`, before the interview day; `except` is being moved. */
async function deepDiveSlots(
  db: DB | Trx,
  mentorId: string,
  interviewDate: string,
  monday: string,
  siteZone: string,
  now: Date,
  except?: string,
): Promise<Slot[]> {
  const window = deepDiveWindow(monday, interviewDate, siteZone);
  const { availability, mentorZone, offDates } = await availabilityOf(db, mentorId, siteZone);
  const booked = await liveBookingsOf(db, mentorId, window.start, window.end, except);
  return windowSlots({
    availability,
    mentorZone,
    offDates,
    booked,
    now,
    window,
    minutes: DEEP_DIVE_MINUTES,
  });
}

/** The free hour starting at `slot` before the interview day, read now; undefined when not free. */
async function freeHourAt(
  trx: Trx,
  mentorId: string,
  interviewDate: string,
  slot: string,
  siteZone: string,
  now: Date,
  except?: string,
): Promise<Slot | undefined> {
  const monday = mondayAt(new Date(slot), siteZone);
  if (!deepDiveWeeks(interviewDate, now, siteZone).includes(monday)) return undefined;
  const free = await deepDiveSlots(trx, mentorId, interviewDate, monday, siteZone, now, except);
  return free.find((s) => s.startsAt === slot);
}

/** The student books the deep-dive before interview `interviewId`, at `slot` (its UTC start). */
export async function bookDeepDive(
  services: Services,
  personId: string,
  interviewId: string,
  slot: string,
): Promise<DeepDiveOutcome> {
  const siteZone = services.config.siteTimeZone;
  return withMentorLock(services, personId, async (trx, seat, now): Promise<DeepDiveOutcome> => {
    const { booked, ahead } = await deepDiveState(trx, seat, dateInZone(now, siteZone));
    const interview = ahead.find((row) => row.id === interviewId);
    if (!interview) return { kind: "locked" };
    if (booked) return { kind: "already" };
    const day = interview.interview_date;
    const chosen = await freeHourAt(trx, seat.mentor.id, day, slot, siteZone, now);
    if (!chosen) return { kind: "taken" };
    const what = { kind: "deep_dive" as const, week: 0, slot: chosen, interviewId };
    await insertBooking(trx, services, seat, what, now);
    return { kind: "booked" };
  });
}

/** The interview a deep-dive prepares for; undefined when it is gone. */
function interviewOf(db: DB | Trx, booking: { interview_id: string | null }) {
  return db
    .selectFrom("interviews")
    .select(["interview_date", "firm"])
    .where("id", "=", booking.interview_id ?? "")
    .executeTakeFirst();
}

/** The student moves their deep-dive to another free hour before the same interview day. */
export async function rescheduleDeepDive(
  services: Services,
  personId: string,
  bookingId: string,
  slot: string,
): Promise<DeepDiveOutcome> {
  const siteZone = services.config.siteTimeZone;
  return moveStudentBooking(
    services,
    personId,
    bookingId,
    "deep_dive",
    async (trx, seat, booking, now) => {
      const interview = await interviewOf(trx, booking);
      if (!interview) return "notFound";
      const day = interview.interview_date;
      return freeHourAt(trx, seat.mentor.id, day, slot, siteZone, now, booking.id);
    },
  );
}

/**
 * What /portal/deep-dive shows: locked (no interview ahead), or the week view of free hours
 * before the chosen interview, in the student's zone, with the live deep-dive if booked.
 */
export async function deepDivePage(
  services: Services,
  personId: string,
  requested: { interview: string | null; week: string | null },
  /** The reader's browser zone (a cookie), shown while they have saved none. */
  browserZone: string | null = null,
) {
  const { db, config } = services;
  const now = services.clock.now();
  const siteZone = config.siteTimeZone;
  const seat = await studentSeat(db, personId, siteZone, browserZone);
  if (!seat?.mentor) return { kind: "noMentor" as const };
  const zone = seat.student.zone;
  const { booked, ahead, unlocked } = await deepDiveState(db, seat, dateInZone(now, siteZone));
  if (!booked && !unlocked) return { kind: "locked" as const };
  const booking = booked
    ? {
        id: booked.id,
        when: whenFor(booked.starts_at, zone, now),
        startsAt: booked.starts_at,
        past: Date.parse(booked.starts_at) <= now.getTime(),
        mayChange: studentMayChange(booked.starts_at, now),
        place: booked.place,
        firm: (await interviewOf(db, booked))?.firm ?? "",
      }
    : null;
  // Booked: the hours before its own interview (to move it); else the interview chosen.
  const interview = booked
    ? ahead.find((row) => row.id === booked.interview_id)
    : (ahead.find((row) => row.id === requested.interview) ?? ahead[0]);
  const weeks =
    interview && (!booking || booking.mayChange)
      ? deepDiveWeeks(interview.interview_date, now, siteZone)
      : [];
  const week = weeks.find((monday) => monday === requested.week) ?? weeks[0] ?? null;
  const slots =
    interview && week
      ? await deepDiveSlots(
          db,
          seat.mentor.id,
          interview.interview_date,
          week,
          siteZone,
          now,
          booked?.id,
        )
      : [];
  const window =
    interview && week ? deepDiveWindow(week, interview.interview_date, siteZone) : null;
  return {
    kind: "view" as const,
    zone,
    zoneFrom: seat.student.zoneFrom,
    mentor: seat.mentor.name,
    interviews: booked
      ? []
      : ahead.map((row) => ({
          id: row.id,
          firm: row.firm,
          role: row.role,
          date: longDate(row.interview_date),
        })),
    interviewId: interview?.id ?? null,
    booking,
    weeks: weeks.map((monday) => ({ monday, label: longDate(monday) })),
    week,
    range: window
      ? {
          from: formatDay(new Date(Math.max(window.start.getTime(), now.getTime())), siteZone),
          to: formatDay(new Date(window.end.getTime() - 1), siteZone),
        }
      : null,
    days: weekDays(slots, zone, now),
  };
}
