import { randomUUID } from "node:crypto";
import type { DB, Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { sha256Hex } from "~/features/resume-reviews/resume-upload.server";
import {
  nextVersion,
  type AssignmentKind,
  type ReviewVerdict,
  type SubmissionStatus,
} from "./coursework";

/**
 * Students' work on assignments (issue 48, items 2-3): every version kept, numbered per student
 * and assignment (a unique index settles two submits at once), files stored checked. The review
 * functions are in ./reviews.server.ts.
 */

/** What a student sends: the text, the link or the checked .docx, as the assignment asks. */
export type WorkInput =
  | { kind: "text"; body: string }
  | { kind: "link"; url: string }
  | { kind: "docx"; file: { name: string; bytes: Uint8Array } };

export type SubmitResult = { kind: "saved"; version: number; id: string } | { kind: "full" };

/** Stores a .docx already checked by content; its id. */
export async function storeCourseworkFile(
  db: Db,
  personId: string,
  file: { name: string; bytes: Uint8Array },
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("coursework_files")
    .values({
      id,
      person_id: personId,
      name: file.name.slice(0, 200),
      size: file.bytes.byteLength,
      sha256: sha256Hex(file.bytes),
      data: file.bytes,
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

/**
 * A new version of the student's work on an assignment, waiting for their mentor. Refused once the
 * student has sent every version allowed. Two submits racing get consecutive versions.
 */
export async function submitWork(
  db: DB,
  student: { personId: string; cohortId: string },
  assignmentId: string,
  work: WorkInput,
  now: Date,
): Promise<SubmitResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const versions = await trx
          .selectFrom("coursework_submissions")
          .select("version")
          .where("assignment_id", "=", assignmentId)
          .where("person_id", "=", student.personId)
          .execute();
        const version = nextVersion(versions.map((row) => row.version));
        if (version === null) return { kind: "full" } as const;
        const fileId =
          work.kind === "docx"
            ? await storeCourseworkFile(trx, student.personId, work.file, now)
            : null;
        const id = randomUUID();
        await trx
          .insertInto("coursework_submissions")
          .values({
            id,
            assignment_id: assignmentId,
            person_id: student.personId,
            cohort_id: student.cohortId,
            version,
            body: work.kind === "text" ? work.body : null,
            url: work.kind === "link" ? work.url : null,
            file_id: fileId,
            status: "waiting",
            created_at: now.toISOString(),
          })
          .execute();
        return { kind: "saved", version, id } as const;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 3) throw error;
    }
  }
}

/** A version of a student's work with its reviews, as the student and their mentor read it. */
export interface WorkVersion {
  id: string;
  assignmentId: string;
  version: number;
  kind: AssignmentKind;
  status: SubmissionStatus;
  createdAt: string;
  body: string | null;
  url: string | null;
  file: { id: string; name: string } | null;
  reviews: {
    id: string;
    verdict: ReviewVerdict;
    comment: string;
    createdAt: string;
    mentorName: string;
    file: { id: string; name: string } | null;
  }[];
}

/** Every version of a student's work on the given assignments, newest first. */
export async function versionsOf(
  db: Db,
  personId: string,
  assignmentIds: readonly string[],
): Promise<WorkVersion[]> {
  if (assignmentIds.length === 0) return [];
  const submissions = await db
    .selectFrom("coursework_submissions as s")
    .innerJoin("assignments as a", "a.id", "s.assignment_id")
    .leftJoin("coursework_files as f", "f.id", "s.file_id")
    .select([
      "s.id",
      "s.assignment_id",
      "s.version",
      "a.kind",
      "s.status",
      "s.created_at",
      "s.body",
      "s.url",
      "f.id as file_id",
      "f.name as file_name",
    ])
    .where("s.person_id", "=", personId)
    .where("s.assignment_id", "in", assignmentIds)
    .orderBy("s.assignment_id")
    .orderBy("s.version", "desc")
    .execute();
  const reviews = submissions.length
    ? await db
        .selectFrom("submission_reviews as r")
        .leftJoin("mentors as m", "m.id", "r.mentor_id")
        .leftJoin("coursework_files as f", "f.id", "r.file_id")
        .select([
          "r.id",
          "r.submission_id",
          "r.verdict",
          "r.comment",
          "r.created_at",
          "m.name as mentor_name",
          "f.id as file_id",
          "f.name as file_name",
        ])
        .where(
          "r.submission_id",
          "in",
          submissions.map((s) => s.id),
        )
        .orderBy("r.created_at")
        .execute()
    : [];
  return submissions.map((s) => ({
    id: s.id,
    assignmentId: s.assignment_id,
    version: s.version,
    kind: s.kind,
    status: s.status,
    createdAt: s.created_at,
    body: s.body,
    url: s.url,
    file: s.file_id ? { id: s.file_id, name: s.file_name ?? "" } : null,
    reviews: reviews
      .filter((r) => r.submission_id === s.id)
      .map((r) => ({
        id: r.id,
        verdict: r.verdict,
        comment: r.comment,
        createdAt: r.created_at,
        mentorName: r.mentor_name ?? "",
        file: r.file_id ? { id: r.file_id, name: r.file_name ?? "" } : null,
      })),
  }));
}

/**
 * A stored file, for whoever may read it: the student it belongs to, their mentor, the owner. The
 * caller decides who the reader is; this only reads the bytes.
 */
export function courseworkFile(db: Db, fileId: string) {
  return db
    .selectFrom("coursework_files")
    .select(["id", "person_id", "name", "size", "data"])
    .where("id", "=", fileId)
    .executeTakeFirst();
}
