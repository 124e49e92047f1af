import { randomUUID } from "node:crypto";
import type { DB } from "../../app/db/database.server";
import { mondayOf } from "../../app/features/cohort/cohort";
import { fromApplication } from "./outcome-moves";

/**
 * The programme's record of a student, written as rows (the features that write them, attendance,
 * 1-on-1 outcomes, interviews, offers, job seeking and the survey, are built elsewhere): what the
 * outcomes report and the funnel read.
 */
export interface ProgrammeRecord {
  personId: string;
  cohortId: string;
  mentorId: string;
  /** Group sessions attended: weeks 1..n marked attended, the rest absent. */
  attended: number;
  /** 1-on-1s held: weeks 1..n, booked and marked held; one more week a student no-show. */
  held: number;
  interviews?: number;
  offers?: { track: string; reportedAt: string; confirmed: boolean }[];
  /** When they declared they are not job seeking this year (ISO); absent: job seeking. */
  notJobSeekingAt?: string;
  surveyScore?: number;
}

/**
 * The cohort's six group sessions as rows (Mondays 23:00 UTC from the start date's week), written
 * one by one outside a transaction, so a running server's writes never make it wait on a lock.
 */
export async function planSessions(db: DB, cohortId: string, startDate: string, at: Date) {
  const monday = Date.parse(`${mondayOf(startDate)}T23:00:00.000Z`);
  for (let week = 1; week <= 6; week++) {
    await db
      .insertInto("group_sessions")
      .values({
        id: randomUUID(),
        cohort_id: cohortId,
        week,
        starts_at: new Date(monday + (week - 1) * 7 * 86_400_000).toISOString(),
        minutes: 60,
        topic: `Week ${week}`,
        recording_url: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .onConflict((oc) => oc.columns(["cohort_id", "week"]).doNothing())
      .execute();
  }
}

export async function writeProgrammeRecord(db: DB, record: ProgrammeRecord, at: string) {
  const { personId, cohortId, mentorId } = record;
  const sessions = await db
    .selectFrom("group_sessions")
    .select(["id", "week", "starts_at"])
    .where("cohort_id", "=", cohortId)
    .orderBy("week")
    .execute();
  if (sessions.length < 6) throw new Error("plan the cohort's sessions first");
  for (const session of sessions) {
    await db
      .insertInto("attendance")
      .values({
        session_id: session.id,
        person_id: personId,
        status: session.week <= record.attended ? "attended" : "absent",
        marked_by: "mentor",
        marked_by_id: mentorId,
        marked_at: at,
      })
      .execute();
  }
  for (let week = 1; week <= Math.min(6, record.held + 1); week++) {
    // The day after the group session, an hour after the mentor's previous 1-on-1 that week.
    const taken = await db
      .selectFrom("bookings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("mentor_id", "=", mentorId)
      .where("cohort_id", "=", cohortId)
      .where("week", "=", week)
      .executeTakeFirstOrThrow();
    const start = Date.parse(sessions[week - 1]!.starts_at) + (24 + Number(taken.n)) * 3_600_000;
    const startsAt = new Date(start).toISOString();
    await db
      .insertInto("bookings")
      .values({
        id: randomUUID(),
        cohort_id: cohortId,
        person_id: personId,
        mentor_id: mentorId,
        kind: "one_on_one",
        week,
        starts_at: startsAt,
        ends_at: new Date(start + 45 * 60_000).toISOString(),
        status: "booked",
        cancelled_by: null,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
        outcome: week <= record.held ? "held" : "student_no_show",
        outcome_at: at,
        interview_id: null,
      })
      .execute();
  }
  for (let i = 0; i < (record.interviews ?? 0); i++) {
    await db
      .insertInto("interviews")
      .values({
        id: randomUUID(),
        person_id: personId,
        cohort_id: cohortId,
        firm: `Firm ${i + 1}`,
        role: "Analyst",
        interview_date: "2027-01-05",
        created_at: at,
        updated_at: at,
        ...(await fromApplication(db, personId, "interview", at, {
          firm: `Firm ${i + 1}`,
          role: "Analyst",
        })),
      })
      .execute();
  }
  for (const offer of record.offers ?? []) {
    await db
      .insertInto("offers")
      .values({
        id: randomUUID(),
        person_id: personId,
        cohort_id: cohortId,
        firm: "Acme Capital",
        role: "Analyst",
        track: offer.track,
        kind: "full_time",
        start_date: null,
        compensation: null,
        reported_at: offer.reportedAt,
        confirmed_at: offer.confirmed ? offer.reportedAt : null,
        confirmed_by: offer.confirmed ? "mentor" : null,
        confirmed_by_id: offer.confirmed ? mentorId : null,
        ...(await fromApplication(db, personId, "offer", offer.reportedAt)),
      })
      .execute();
  }
  if (record.notJobSeekingAt) {
    const declared = { job_seeking: 0, not_job_seeking_at: record.notJobSeekingAt };
    await db
      .insertInto("student_profiles")
      .values({ person_id: personId, updated_at: at, ...declared })
      .onConflict((oc) => oc.column("person_id").doUpdateSet(declared))
      .execute();
  }
  if (record.surveyScore !== undefined) {
    await db
      .insertInto("surveys")
      .values({
        id: randomUUID(),
        person_id: personId,
        cohort_id: cohortId,
        mentor_id: mentorId,
        sent_at: at,
        answered_at: at,
        score: record.surveyScore,
      })
      .execute();
  }
}
