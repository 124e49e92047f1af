import type { Db } from "~/db/database.server";
import { cohortWeekContent, parseJsonColumn } from "~/db/json-columns.server";
import { liveSeat, paidSeat } from "~/features/enrollment/seat-queries.server";
import type { AssignmentContent } from "./coursework";

/**
 * The rows mentors' reviews read (issue 48, item 3): who a mentor's students are (a person whose
 * live seat, their latest paid seat, is assigned to them: app/features/portal/seat.server.ts),
 * and versions of work with their student and their assignment as the student was given it.
 */

/** The mentor of a person's live seat; null when they have none or it has no mentor. */
export async function liveMentorOf(db: Db, personId: string): Promise<string | null> {
  const seat = await liveSeat(db, personId).select("payments.mentor_id").executeTakeFirst();
  return seat?.mentor_id ?? null;
}

/** The people whose live seat is assigned to the mentor. */
export async function liveStudentsOf(db: Db, mentorId: string): Promise<string[]> {
  const seats = await db
    .selectFrom("payments")
    .select("person_id")
    .distinct()
    .where("mentor_id", "=", mentorId)
    .where(paidSeat)
    .execute();
  const students: string[] = [];
  // A student who moved to a later seat (another mentor's) is no longer this mentor's.
  for (const { person_id } of seats)
    if (person_id && (await liveMentorOf(db, person_id)) === mentorId) students.push(person_id);
  return students;
}

interface SubmissionKey {
  cohortId: string;
  week: number;
  assignmentId: string;
}

/**
 * The assignments as each cohort was given them (the week frozen when it opened), so a mentor
 * reads the title and instructions the student worked from; a week not frozen reads as null.
 */
async function givenAssignments(db: Db, keys: readonly SubmissionKey[]) {
  const cohortIds = [...new Set(keys.map((key) => key.cohortId))];
  const rows = cohortIds.length
    ? await db
        .selectFrom("cohort_weeks")
        .select(["cohort_id", "week", "content"])
        .where("cohort_id", "in", cohortIds)
        .execute()
    : [];
  const weeks = new Map(
    rows.map((row) => [
      `${row.cohort_id}:${row.week}`,
      parseJsonColumn(cohortWeekContent, row.content),
    ]),
  );
  return (key: SubmissionKey): AssignmentContent | null =>
    weeks.get(`${key.cohortId}:${key.week}`)?.assignments.find((a) => a.id === key.assignmentId) ??
    null;
}

/** One version with its student and its assignment (as given), for the mentor checks to read. */
export function submissionRows(db: Db) {
  return db
    .selectFrom("coursework_submissions as s")
    .innerJoin("assignments as a", "a.id", "s.assignment_id")
    .innerJoin("people as p", "p.id", "s.person_id")
    .select([
      "s.id",
      "s.person_id",
      "s.cohort_id",
      "s.assignment_id",
      "s.version",
      "s.status",
      "s.created_at",
      "a.week",
      "a.title",
      "a.instructions",
      "a.kind",
      "p.first_name",
      "p.last_name",
      "p.email",
    ]);
}

export type SubmissionRow = Awaited<
  ReturnType<ReturnType<typeof submissionRows>["execute"]>
>[number];

/** The rows with their assignment's title and instructions as the student was given them. */
export async function asGiven(db: Db, rows: readonly SubmissionRow[]) {
  const given = await givenAssignments(
    db,
    rows.map((row) => ({
      cohortId: row.cohort_id,
      week: row.week,
      assignmentId: row.assignment_id,
    })),
  );
  return rows.map((row) => {
    const kept = given({
      cohortId: row.cohort_id,
      week: row.week,
      assignmentId: row.assignment_id,
    });
    return {
      ...row,
      title: kept?.title ?? row.title,
      instructions: kept?.instructions ?? row.instructions,
      studentName: `${row.first_name} ${row.last_name}`.trim(),
    };
  });
}
