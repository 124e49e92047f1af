import { liveSeat, paidSeat } from "~/features/enrollment/seat-queries.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { releaseBookingsOf } from "~/features/bookings/book.server";
import { lockMentor } from "~/features/bookings/mentor-lock.server";
import { mentorAssignedEmail } from "./portal.words";
import type { DB, Trx } from "~/db/database.server";
import { startDateDisplay } from "~/features/cohort/cohort";
import { pickMentor, type MentorLoad } from "./portal";
import { lockCohort } from "~/features/enrollment/seats.server";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";

/**
 * Who mentors whom (issue 34, decision 0039): a paid seat is assigned to a mentor when the payment
 * takes it, and the owner moves a student to another mentor. Every write here runs under the
 * cohort's lock (`lockCohort`), so counting a mentor's students and writing `payments.mentor_id`
 * never interleave with another payment or move in the same cohort.
 */

export interface CohortMentor extends MentorLoad {
  email: string;
  isActive: boolean;
}

/** Every mentor with their count of paid seats assigned to them in the cohort. */
export async function mentorLoads(db: DB | Trx, cohortId: string): Promise<CohortMentor[]> {
  const rows = await db
    .selectFrom("mentors as m")
    .leftJoin("payments", (join) =>
      join
        .onRef("payments.mentor_id", "=", "m.id")
        .on("payments.cohort_id", "=", cohortId)
        .on(paidSeat),
    )
    .select(["m.id", "m.name", "m.email", "m.capacity", "m.is_active"])
    .select((eb) => eb.fn.count<number | string | bigint>("payments.id").as("students"))
    .groupBy(["m.id", "m.name", "m.email", "m.capacity", "m.is_active"])
    .orderBy("m.name")
    .orderBy("m.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    capacity: Number(row.capacity),
    isActive: Number(row.is_active) === 1,
    students: Number(row.students),
  }));
}

/**
 * The mentor a payment's seat goes to, decided inside the payment's transaction after the cohort
 * is locked: `pickMentor` over the active mentors. Null: nobody is free, the student waits.
 */
export async function mentorForNewSeat(trx: Trx, cohortId: string): Promise<CohortMentor | null> {
  const active = (await mentorLoads(trx, cohortId)).filter((mentor) => mentor.isActive);
  const picked = pickMentor(active);
  return picked ? (active.find((mentor) => mentor.id === picked.id) ?? null) : null;
}

/** The one email a mentor gets for a student assigned to them, queued in the caller's transaction. */
export async function tellMentor(
  trx: Trx,
  services: Pick<Services, "config">,
  mentor: { name: string; email: string },
  student: { firstName: string; startDate: string | null },
  now: Date,
) {
  await enqueueEmail(
    trx,
    {
      kind: "mentor_assignment",
      to: mentor.email,
      personId: null,
      ...renderEmail(
        mentorAssignedEmail({
          mentorName: mentor.name,
          studentFirstName: student.firstName,
          startDisplay: startDateDisplay(student.startDate),
          url: `${services.config.publicUrl}/portal/mentor`,
        }),
      ),
    },
    now,
  );
}

export type MoveOutcome =
  | { kind: "moved" }
  | { kind: "same_mentor" }
  | { kind: "mentor_full"; name: string; capacity: number }
  | { kind: "no_mentor" }
  | { kind: "not_student" };

/**
 * The owner moves a student of a cohort to another active mentor (or assigns a waiting one). A
 * mentor already at capacity is refused: the owner raises the capacity first, so the number the
 * mentor agreed to is never passed silently. Audited; the mentor who gains the student is emailed.
 */
export async function moveStudent(
  services: Services,
  actor: string,
  move: { cohortId: string; personId: string; mentorId: string },
): Promise<MoveOutcome> {
  const now = services.clock.now();
  const cohortExists = await services.db
    .selectFrom("cohorts")
    .select("id")
    .where("id", "=", move.cohortId)
    .executeTakeFirst();
  if (!cohortExists) return { kind: "not_student" };
  return services.db.transaction().execute(async (trx): Promise<MoveOutcome> => {
    const cohort = await lockCohort(trx, services.engine, move.cohortId);
    const seat = await liveSeat(trx, move.personId)
      .select(["payments.id", "payments.mentor_id", "people.first_name"])
      .where("payments.cohort_id", "=", cohort.id)
      .executeTakeFirst();
    if (!seat) return { kind: "not_student" };
    const mentor = (await mentorLoads(trx, cohort.id)).find(
      (candidate) => candidate.id === move.mentorId && candidate.isActive,
    );
    if (!mentor) return { kind: "no_mentor" };
    if (seat.mentor_id === mentor.id) return { kind: "same_mentor" };
    if (mentor.students >= mentor.capacity)
      return { kind: "mentor_full", name: mentor.name, capacity: mentor.capacity };
    // The old mentor's lock: a booking with them in flight commits first (and is cancelled
    // below), one that waits for it sees the move and is refused.
    if (seat.mentor_id) await lockMentor(trx, services.engine, seat.mentor_id);
    await trx
      .updateTable("payments")
      .set({ mentor_id: mentor.id })
      .where("id", "=", seat.id)
      .execute();
    // Upcoming 1-on-1s and the deep-dive were with the old mentor: cancelled, both told.
    await releaseBookingsOf(trx, services, move.personId, cohort.id, now, {
      newMentor: mentor.name,
    });
    await recordAudit(
      trx,
      actor,
      "cohort.move_student",
      { cohortId: cohort.id, personId: move.personId, from: seat.mentor_id, to: mentor.id },
      now,
    );
    await tellMentor(
      trx,
      services,
      mentor,
      { firstName: seat.first_name, startDate: cohort.startDate },
      now,
    );
    return { kind: "moved" };
  });
}
