import { nudgeEmails } from "./nudges.words";
import { queueEmailOnce } from "~/mail/sent-once.server";
import type { DB } from "~/db/database.server";
import { mentorListWeek, owedNudgeWeek } from "./nudges";
import { renderEmail } from "~/mail/message";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import type { Services } from "~/context";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import { liveBookingOf } from "./booking-queries.server";
import { reviewQueue } from "~/features/coursework/reviews.server";

/** Each paid seat with an active mentor in a cohort that has a start date: who is owed 1-on-1s. */
function seatsWithMentors(db: DB) {
  return db
    .selectFrom("payments")
    .innerJoin("cohorts", "cohorts.id", "payments.cohort_id")
    .innerJoin("people", "people.id", "payments.person_id")
    .innerJoin("mentors", "mentors.id", "payments.mentor_id")
    .leftJoin("student_profiles", "student_profiles.person_id", "people.id")
    .select([
      "people.id as person_id",
      "payments.cohort_id",
      "cohorts.start_date",
      "people.first_name",
      "people.last_name",
      "people.email",
      "student_profiles.time_zone as student_zone",
      "student_profiles.programme_reminders",
      "mentors.id as mentor_id",
      "mentors.name as mentor_name",
      "mentors.email as mentor_email",
      "mentors.time_zone as mentor_zone",
    ])
    .where(paidSeat)
    .where("cohorts.start_date", "is not", null)
    .where("mentors.is_active", "=", 1)
    .where("people.email", "not like", ERASED_ADDRESS_PATTERN)
    .orderBy("people.first_name")
    .orderBy("payments.person_id")
    .execute();
}

type Seat = Awaited<ReturnType<typeof seatsWithMentors>>[number];

/** Whether the student has a live 1-on-1 in programme week `week` of the seat's cohort. */
async function hasBooked(db: DB, seat: Seat, week: number) {
  const of = { personId: seat.person_id, cohortId: seat.cohort_id };
  return (await liveBookingOf(db, of, "one_on_one", week)) !== undefined;
}

/**
 * Reminds each student who has not booked the week's 1-on-1 by mid-week in their zone (Wednesday
 * noon, `owedNudgeWeek`): one email per person, cohort and week with the booking link, claimed
 * with a sent_once key in the transaction that queues it, so two runs send it once. A student who
 * turned programme reminders off gets none; one who books later in the week needs none.
 */
export async function sendBookingNudges(services: Services): Promise<number> {
  const { db, config } = services;
  const now = services.clock.now();
  let queued = 0;
  for (const seat of await seatsWithMentors(db)) {
    if (Number(seat.programme_reminders ?? 1) === 0) continue;
    const zone = seat.student_zone ?? config.siteTimeZone;
    const week = owedNudgeWeek(seat.start_date, now, zone, config.siteTimeZone);
    if (week === null || (await hasBooked(db, seat, week))) continue;
    const key = `book-nudge:${seat.person_id}:${seat.cohort_id}:${week}`;
    const content = nudgeEmails.bookOneOnOne({
      firstName: seat.first_name,
      week,
      url: `${config.publicUrl}/portal/book?week=${week}`,
    });
    const message = { kind: "one_on_one_nudge", to: seat.email, personId: seat.person_id };
    if (await queueEmailOnce(db, { ...message, ...renderEmail(content), dedupeKey: key }, now))
      queued += 1;
  }
  return queued;
}

/**
 * Each active mentor's Monday list (Monday 08:00 in their zone, `mentorListWeek`): per cohort and
 * programme week, their students who have and have not booked the week's 1-on-1, and the
 * versions of coursework waiting in their review queue. One email per mentor, cohort and week
 * (sent_once), whatever the number of runs.
 */
export async function sendMentorWeeklyLists(services: Services): Promise<number> {
  const { db, config } = services;
  const now = services.clock.now();
  const groups = new Map<string, Seat[]>();
  for (const seat of await seatsWithMentors(db)) {
    const group = `${seat.mentor_id}:${seat.cohort_id}`;
    groups.set(group, [...(groups.get(group) ?? []), seat]);
  }
  let queued = 0;
  for (const seats of groups.values()) {
    const first = seats[0]!;
    const zone = first.mentor_zone ?? config.siteTimeZone;
    const week = mentorListWeek(first.start_date, now, zone, config.siteTimeZone);
    if (week === null) continue;
    const booked: string[] = [];
    const notBooked: string[] = [];
    for (const seat of seats) {
      const name = `${seat.first_name} ${seat.last_name}`.trim();
      ((await hasBooked(db, seat, week)) ? booked : notBooked).push(name);
    }
    const key = `mentor-week:${first.mentor_id}:${first.cohort_id}:${week}`;
    // What waits for them is their review queue as their page shows it.
    const waiting = await reviewQueue(db, first.mentor_id, zone, now);
    const content = nudgeEmails.mentorWeek({
      firstName: first.mentor_name.split(" ")[0] ?? first.mentor_name,
      week,
      booked,
      notBooked,
      waiting: waiting.map((w) => ({
        student: w.studentName,
        title: w.assignment,
        week: w.week,
        version: w.version,
      })),
      reviewsUrl: `${config.publicUrl}/portal/mentor/reviews`,
      url: `${config.publicUrl}/portal/mentor`,
    });
    const message = { kind: "mentor_week_list", to: first.mentor_email, personId: null };
    if (await queueEmailOnce(db, { ...message, ...renderEmail(content), dedupeKey: key }, now))
      queued += 1;
  }
  return queued;
}
