import { randomUUID } from "node:crypto";
import type { Db } from "~/db/database.server";
import { DOCX_CONTENT_TYPE } from "~/features/uploads/resume-upload";
import { whenFor } from "~/lib/time-zone";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import type { ReviewVerdict, SubmissionStatus } from "./coursework";
import {
  asGiven,
  liveMentorOf,
  liveStudentsOf,
  submissionRows,
  type SubmissionRow,
} from "./review-rows.server";
import { mayReadFile, type FileReader } from "./reviews";
import { reviewEmail } from "./reviews.words";
import { courseworkFile, storeCourseworkFile, versionsOf } from "./submissions.server";

/**
 * Mentors' reviews of their students' work (issue 48, item 3). Every read and write here checks
 * that the work is one of the mentor's students' (./review-rows.server.ts); anyone else's reads
 * as not there (null). Times are written for the reader's zone, naming it.
 */

/** A version of the mentor's queue, or of the links to a student's work. */
export interface WorkItem {
  id: string;
  studentName: string;
  week: number;
  assignment: string;
  version: number;
  status: SubmissionStatus;
  when: string;
}

const itemOf = (row: Awaited<ReturnType<typeof asGiven>>[number], zone: string, now: Date) => ({
  id: row.id,
  studentName: row.studentName,
  week: row.week,
  assignment: row.title,
  version: row.version,
  status: row.status,
  when: whenFor(row.created_at, zone, now),
});

/** The versions waiting for the mentor's review, of their own students only, the oldest first. */
export async function reviewQueue(
  db: Db,
  mentorId: string,
  zone: string,
  now: Date,
): Promise<WorkItem[]> {
  const students = await liveStudentsOf(db, mentorId);
  if (students.length === 0) return [];
  const rows = await submissionRows(db)
    .where("s.status", "=", "waiting")
    .where("s.person_id", "in", students)
    .orderBy("s.created_at")
    .orderBy("s.id")
    .execute();
  return (await asGiven(db, rows)).map((row) => itemOf(row, zone, now));
}

/** How many versions wait for the mentor's review (their home's link). */
export async function waitingForReview(db: Db, mentorId: string): Promise<number> {
  const students = await liveStudentsOf(db, mentorId);
  if (students.length === 0) return 0;
  const row = await db
    .selectFrom("coursework_submissions")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "waiting")
    .where("person_id", "in", students)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The newest version of each assignment, the latest week first. */
function latestOfEach(rows: SubmissionRow[]) {
  const seen = new Set<string>();
  return rows
    .sort(
      (a, b) =>
        b.week - a.week ||
        a.person_id.localeCompare(b.person_id) ||
        a.assignment_id.localeCompare(b.assignment_id) ||
        b.version - a.version,
    )
    .filter((row) => {
      const key = `${row.person_id}:${row.assignment_id}`;
      return !seen.has(key) && seen.add(key);
    });
}

/** The student's work, the newest version of each assignment (their mentor's student page). */
export async function studentWork(
  db: Db,
  mentorId: string,
  personId: string,
  zone: string,
  now: Date,
): Promise<WorkItem[]> {
  if ((await liveMentorOf(db, personId)) !== mentorId) return [];
  const rows = await submissionRows(db).where("s.person_id", "=", personId).execute();
  return (await asGiven(db, latestOfEach(rows))).map((row) => itemOf(row, zone, now));
}

/**
 * The work of a week of a cohort by the mentor's students, the newest version of each assignment
 * of each (a group session's page), by student name.
 */
export async function weekWork(
  db: Db,
  mentorId: string,
  cohort: { id: string; week: number },
  zone: string,
  now: Date,
): Promise<WorkItem[]> {
  const students = await liveStudentsOf(db, mentorId);
  if (students.length === 0) return [];
  const rows = await submissionRows(db)
    .where("s.person_id", "in", students)
    .where("s.cohort_id", "=", cohort.id)
    .where("a.week", "=", cohort.week)
    .execute();
  return (await asGiven(db, latestOfEach(rows)))
    .sort((a, b) => a.studentName.localeCompare(b.studentName) || a.title.localeCompare(b.title))
    .map((row) => itemOf(row, zone, now));
}

/** A version of the mentor's student's work; null when it is not one (unknown, someone else's). */
async function mentorsSubmission(db: Db, mentorId: string, submissionId: string) {
  const row = await submissionRows(db).where("s.id", "=", submissionId).executeTakeFirst();
  if (!row || (await liveMentorOf(db, row.person_id)) !== mentorId) return null;
  return (await asGiven(db, [row]))[0]!;
}

/** Whether the version is one of the mentor's students' (checked again when the review is saved). */
export async function mayReview(db: Db, mentorId: string, submissionId: string) {
  return (await mentorsSubmission(db, mentorId, submissionId)) !== null;
}

/**
 * The review page: the student, the assignment as they were given it, every version of their work
 * on it (the newest first) with its reviews, dated in the mentor's zone; null when the version is
 * not one of the mentor's students'.
 */
export async function reviewPage(
  db: Db,
  mentorId: string,
  submissionId: string,
  zone: string,
  now: Date,
) {
  const row = await mentorsSubmission(db, mentorId, submissionId);
  if (!row) return null;
  const versions = await versionsOf(db, row.person_id, [row.assignment_id]);
  return {
    zone,
    reviewing: { id: row.id, version: row.version, status: row.status },
    student: { id: row.person_id, name: row.studentName },
    assignment: {
      week: row.week,
      title: row.title,
      instructions: row.instructions,
      kind: row.kind,
    },
    versions: versions.map((version) => ({
      ...version,
      when: whenFor(version.createdAt, zone, now),
      reviews: version.reviews.map((review) => ({
        ...review,
        when: whenFor(review.createdAt, zone, now),
      })),
    })),
  };
}

export type ReviewPage = NonNullable<Awaited<ReturnType<typeof reviewPage>>>;

export type ReviewOutcome =
  { kind: "saved"; reviewId: string; studentName: string } | { kind: "not_found" };

/**
 * Saves the mentor's review of a version of their student's work: the review (with the annotated
 * copy, kept under the student so they can download it), the version's status set to the verdict,
 * and the email to the student, all in one transaction; a version reviewed before takes another
 * review (the newest sets the status). Another mentor's student's work: nothing is written.
 */
export async function saveReview(
  services: Services,
  mentor: { mentorId: string; name: string },
  submissionId: string,
  review: {
    verdict: ReviewVerdict;
    comment: string;
    file: { name: string; bytes: Uint8Array } | null;
  },
): Promise<ReviewOutcome> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx): Promise<ReviewOutcome> => {
    const row = await mentorsSubmission(trx, mentor.mentorId, submissionId);
    if (!row) return { kind: "not_found" };
    const fileId = review.file
      ? await storeCourseworkFile(trx, row.person_id, review.file, now)
      : null;
    const reviewId = randomUUID();
    await trx
      .insertInto("submission_reviews")
      .values({
        id: reviewId,
        submission_id: row.id,
        mentor_id: mentor.mentorId,
        verdict: review.verdict,
        comment: review.comment,
        file_id: fileId,
        created_at: now.toISOString(),
      })
      .execute();
    await trx
      .updateTable("coursework_submissions")
      .set({ status: review.verdict })
      .where("id", "=", row.id)
      .execute();
    const content = reviewEmail({
      firstName: row.first_name || row.studentName,
      mentor: mentor.name,
      assignment: row.title,
      week: row.week,
      version: row.version,
      verdict: review.verdict,
      comment: review.comment,
      annotated: fileId !== null,
      weekUrl: `${services.config.publicUrl}/portal/weeks/${row.week}`,
    });
    await enqueueEmail(
      trx,
      {
        kind: "coursework_review",
        to: row.email,
        personId: row.person_id,
        ...renderEmail(content),
        dedupeKey: `coursework-review:${reviewId}`,
      },
      now,
    );
    return { kind: "saved", reviewId, studentName: row.studentName };
  });
}

/**
 * A coursework file as a download, for the student it belongs to and the mentor of their live
 * seat; null for anyone else (and for a file that does not exist).
 */
export async function readableFile(db: Db, reader: FileReader, fileId: string) {
  const file = await courseworkFile(db, fileId);
  if (!file) return null;
  const mentorId = reader.role === "mentor" ? await liveMentorOf(db, file.person_id) : null;
  if (!mayReadFile(reader, { personId: file.person_id }, mentorId)) return null;
  return {
    name: file.name,
    content_type: DOCX_CONTENT_TYPE,
    data: file.data,
    size: Number(file.size),
  };
}
