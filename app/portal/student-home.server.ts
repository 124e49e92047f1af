import { startDateDisplay } from "~/domain/cohort";
import type { Services } from "~/services.server";

/**
 * What a student's portal home shows: the cohort of their latest paid seat, its start, and the
 * mentor that seat is assigned to (null while none is).
 */
export async function studentHome(services: Pick<Services, "db">, personId: string) {
  const seat = await services.db
    .selectFrom("payments")
    .innerJoin("cohorts", "cohorts.id", "payments.cohort_id")
    .leftJoin("mentors", "mentors.id", "payments.mentor_id")
    .select([
      "cohorts.id as cohortId",
      "cohorts.start_date as startDate",
      "mentors.name as mentorName",
      "mentors.bio as mentorBio",
    ])
    .where("payments.person_id", "=", personId)
    .where("payments.status", "=", "paid")
    .orderBy("payments.created_at", "desc")
    .executeTakeFirst();
  if (!seat) return null;
  return {
    cohortId: seat.cohortId,
    startDate: seat.startDate,
    startDisplay: startDateDisplay(seat.startDate),
    mentor: seat.mentorName ? { name: seat.mentorName, bio: seat.mentorBio ?? "" } : null,
  };
}
