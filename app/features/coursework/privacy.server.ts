import type { Db } from "~/db/database.server";

/**
 * A student's coursework in the privacy export and erasure (issue 48's rule): every version they
 * submitted (its text or link, its file's name and size, never the bytes), each review of it with
 * the mentor's verdict and comment (and an annotated file's name), and every file stored for them.
 */
export async function courseworkExport(db: Db, personId: string) {
  const [submissions, reviews, files] = await Promise.all([
    db
      .selectFrom("coursework_submissions as s")
      .innerJoin("assignments as a", "a.id", "s.assignment_id")
      .leftJoin("coursework_files as f", "f.id", "s.file_id")
      .select([
        "s.id",
        "s.cohort_id",
        "a.week",
        "a.title as assignment",
        "s.version",
        "s.status",
        "s.body",
        "s.url",
        "f.name as file_name",
        "s.created_at",
      ])
      .where("s.person_id", "=", personId)
      .orderBy("s.created_at")
      .orderBy("s.id")
      .execute(),
    db
      .selectFrom("submission_reviews as r")
      .innerJoin("coursework_submissions as s", "s.id", "r.submission_id")
      .leftJoin("mentors as m", "m.id", "r.mentor_id")
      .leftJoin("coursework_files as f", "f.id", "r.file_id")
      .select([
        "r.submission_id",
        "m.name as mentor",
        "r.verdict",
        "r.comment",
        "f.name as file_name",
        "r.created_at",
      ])
      .where("s.person_id", "=", personId)
      .orderBy("r.created_at")
      .orderBy("r.id")
      .execute(),
    db
      .selectFrom("coursework_files")
      .select(["name", "size", "created_at"])
      .where("person_id", "=", personId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  return {
    submissions: submissions.map((s) => ({
      ...s,
      reviews: reviews
        .filter((r) => r.submission_id === s.id)
        .map((r) => ({
          mentor: r.mentor,
          verdict: r.verdict,
          comment: r.comment,
          file_name: r.file_name,
          created_at: r.created_at,
        })),
    })),
    files,
  };
}

/**
 * Erases the student's coursework in the erasure's transaction: every version (the reviews of it,
 * with the mentors' comments, go with it by the foreign key) and every file stored for them,
 * annotated copies included. Nothing is left for a mentor to open or review again. The person's
 * row stays (it feeds the counts), so nothing cascades from it by itself.
 */
export async function eraseCoursework(trx: Db, personId: string) {
  await trx.deleteFrom("coursework_submissions").where("person_id", "=", personId).execute();
  await trx.deleteFrom("coursework_files").where("person_id", "=", personId).execute();
}
