import type { DB } from "~/db/database.server";
import { consoleEmails } from "~/content/console";
import { isBookableDate } from "~/domain/cohort";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { recordAudit } from "./audit.server";

export type ReviewStatus = "waiting" | "scheduled" | "reviewed";

/** Resumes by review state, newest first, with who sent them. */
export async function resumeQueue(db: DB, status: ReviewStatus) {
  return db
    .selectFrom("uploads")
    .innerJoin("people", "people.id", "uploads.person_id")
    .select([
      "uploads.id",
      "uploads.name",
      "uploads.size",
      "uploads.review_status",
      "uploads.scheduled_for",
      "uploads.created_at",
      "people.id as person_id",
      "people.email",
      "people.first_name",
      "people.last_name",
    ])
    .where("uploads.review_status", "=", status)
    .orderBy("uploads.created_at", "desc")
    .execute();
}

export async function uploadFile(db: DB, id: string) {
  return db
    .selectFrom("uploads")
    .select(["name", "content_type", "data", "size"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Books a resume into a livestream and emails its owner their slot (through the outbox). */
export async function scheduleReview(
  db: DB,
  uploadId: string,
  date: string,
  actor: string,
  now: Date,
): Promise<boolean> {
  if (!isBookableDate(date, now.toISOString().slice(0, 10))) return false;
  return db.transaction().execute(async (trx) => {
    const upload = await trx
      .selectFrom("uploads")
      .innerJoin("people", "people.id", "uploads.person_id")
      .select(["uploads.id", "people.id as person_id", "people.email", "people.first_name"])
      .where("uploads.id", "=", uploadId)
      .executeTakeFirst();
    if (!upload) return false;
    await trx
      .updateTable("uploads")
      .set({ review_status: "scheduled", scheduled_for: date, updated_at: now.toISOString() })
      .where("id", "=", uploadId)
      .execute();
    await enqueueEmail(
      trx,
      {
        kind: "resume_review_scheduled",
        to: upload.email,
        personId: upload.person_id,
        ...renderEmail(consoleEmails.reviewScheduled(upload.first_name, date)),
      },
      now,
    );
    await recordAudit(trx, actor, "resume.schedule", { uploadId, date }, now);
    return true;
  });
}

export async function markReviewed(
  db: DB,
  uploadId: string,
  actor: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("uploads")
    .set({ review_status: "reviewed", updated_at: now.toISOString() })
    .where("id", "=", uploadId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await recordAudit(db, actor, "resume.reviewed", { uploadId }, now);
  return true;
}
