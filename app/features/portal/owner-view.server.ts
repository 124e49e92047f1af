import type { DB } from "~/db/database.server";
import { checklistOf, type Checklist } from "./onboarding";
import { mentorLoads } from "./assignment.server";
import { PAID_SEAT } from "~/features/enrollment/seat-queries.server";

/** What the owner reads of the portal (issue 34): who mentors whom in a cohort, one person's state. */

export interface MentoredStudent {
  personId: string;
  name: string;
  email: string;
  mentorId: string | null;
  progress: Checklist;
  firstSignedInAt: string | null;
  lastSignedInAt: string | null;
}

export interface MentorWithStudents {
  id: string;
  name: string;
  capacity: number;
  isActive: boolean;
  students: MentoredStudent[];
}

export interface CohortMentoring {
  /** Active mentors, and deactivated ones who still have students here (to be moved). */
  mentors: MentorWithStudents[];
  /** Paid students with no mentor (or whose mentor no longer exists). */
  waiting: MentoredStudent[];
  /** Where the owner may move a student: the active mentors and their free places. */
  choices: { id: string; name: string; free: number }[];
}

/** A cohort's mentors with their students (in the order they paid), and who waits for one. */
export async function cohortMentoring(db: DB, cohortId: string): Promise<CohortMentoring> {
  const [loads, seats] = await Promise.all([
    mentorLoads(db, cohortId),
    db
      .selectFrom("payments as pay")
      .innerJoin("people as p", "p.id", "pay.person_id")
      .leftJoin("student_profiles as sp", "sp.person_id", "pay.person_id")
      .leftJoin("calendar_feeds as cf", "cf.person_id", "pay.person_id")
      .select([
        "cf.first_fetched_at as calendar_fetched_at",
        "p.id",
        "p.first_name",
        "p.last_name",
        "p.email",
        "pay.mentor_id",
        "sp.profile_done_at",
        "sp.prework_read_at",
        "sp.first_signed_in_at",
        "sp.last_signed_in_at",
      ])
      .where("pay.cohort_id", "=", cohortId)
      .where("pay.status", "=", PAID_SEAT)
      .orderBy("pay.created_at")
      .orderBy("pay.id")
      .execute(),
  ]);
  const students: MentoredStudent[] = seats.map((row) => ({
    personId: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    mentorId: row.mentor_id,
    progress: checklistOf(row),
    firstSignedInAt: row.first_signed_in_at,
    lastSignedInAt: row.last_signed_in_at,
  }));
  const mentors = loads
    .map((mentor) => ({
      id: mentor.id,
      name: mentor.name,
      capacity: mentor.capacity,
      isActive: mentor.isActive,
      students: students.filter((student) => student.mentorId === mentor.id),
    }))
    .filter((mentor) => mentor.isActive || mentor.students.length > 0);
  const known = new Set(loads.map((mentor) => mentor.id));
  return {
    mentors,
    waiting: students.filter((s) => s.mentorId === null || !known.has(s.mentorId)),
    choices: loads
      .filter((mentor) => mentor.isActive)
      .map((mentor) => ({
        id: mentor.id,
        name: mentor.name,
        free: Math.max(0, mentor.capacity - mentor.students),
      })),
  };
}

export interface PersonPortal {
  /** The latest paid seat: its cohort's start and its mentor; null without one (no portal). */
  seat: { cohortId: string; startDate: string | null; mentorName: string | null } | null;
  firstSignedInAt: string | null;
  lastSignedInAt: string | null;
  progress: Checklist;
}

/** A person's portal state for their page in the console. */
export async function personPortal(db: DB, personId: string): Promise<PersonPortal> {
  const [seat, profile, feed] = await Promise.all([
    db
      .selectFrom("payments as pay")
      .innerJoin("cohorts as c", "c.id", "pay.cohort_id")
      .leftJoin("mentors as m", "m.id", "pay.mentor_id")
      .select(["c.id as cohortId", "c.start_date as startDate", "m.name as mentorName"])
      .where("pay.person_id", "=", personId)
      .where("pay.status", "=", PAID_SEAT)
      .orderBy("pay.created_at", "desc")
      .executeTakeFirst(),
    db
      .selectFrom("student_profiles")
      .select(["profile_done_at", "prework_read_at", "first_signed_in_at", "last_signed_in_at"])
      .where("person_id", "=", personId)
      .executeTakeFirst(),
    db
      .selectFrom("calendar_feeds")
      .select("first_fetched_at")
      .where("person_id", "=", personId)
      .executeTakeFirst(),
  ]);
  return {
    seat: seat
      ? { cohortId: seat.cohortId, startDate: seat.startDate, mentorName: seat.mentorName ?? null }
      : null,
    firstSignedInAt: profile?.first_signed_in_at ?? null,
    lastSignedInAt: profile?.last_signed_in_at ?? null,
    progress: checklistOf(
      profile && { ...profile, calendar_fetched_at: feed?.first_fetched_at ?? null },
    ),
  };
}
