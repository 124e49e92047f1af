import type { DB } from "~/db/database.server";
import { checklistOf, type Checklist } from "./onboarding";
import { mentorLoads } from "./assignment.server";
import { liveSeat, paidSeat } from "~/features/enrollment/seat-queries.server";

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
      .selectFrom("payments")
      .innerJoin("people", "people.id", "payments.person_id")
      .leftJoin("student_profiles", "student_profiles.person_id", "payments.person_id")
      .leftJoin("calendar_feeds", "calendar_feeds.person_id", "payments.person_id")
      .select([
        "calendar_feeds.first_fetched_at as calendar_fetched_at",
        "people.id",
        "people.first_name",
        "people.last_name",
        "people.email",
        "payments.mentor_id",
        "student_profiles.profile_done_at",
        "student_profiles.prework_read_at",
        "student_profiles.first_signed_in_at",
        "student_profiles.last_signed_in_at",
      ])
      .where("payments.cohort_id", "=", cohortId)
      .where(paidSeat)
      .orderBy("payments.created_at")
      .orderBy("payments.id")
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
    liveSeat(db, personId)
      .leftJoin("mentors", "mentors.id", "payments.mentor_id")
      .select([
        "cohorts.id as cohortId",
        "cohorts.start_date as startDate",
        "mentors.name as mentorName",
      ])
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
