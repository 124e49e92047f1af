import { ICalCalendarMethod } from "ical-generator";
import type { DB, Trx } from "~/db/database.server";
import type { ReviewStatus } from "~/db/schema";
import { consoleEmails } from "~/content/console";
import { isBookableDate } from "~/features/cohort/cohort";
import { dateInZone } from "~/lib/time-zone";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { recordAudit } from "~/features/accounts/audit.server";
import {
  DEFAULT_REVIEW_SETTINGS,
  livestreamTime,
  reviewInvite,
  type Reviewee,
  type ReviewSettings,
} from "./review-invite.server";

/** Uploads, each with who sent it. */
function uploadsWithSender(db: DB | Trx) {
  return db
    .selectFrom("uploads")
    .innerJoin("people", "people.id", "uploads.person_id")
    .select(["people.id as person_id", "people.email", "people.first_name", "people.last_name"]);
}

/** Resumes by review state, newest first, with who sent them. */
export async function resumeQueue(db: DB, status: ReviewStatus) {
  return uploadsWithSender(db)
    .select([
      "uploads.id",
      "uploads.name",
      "uploads.size",
      "uploads.review_status",
      "uploads.scheduled_for",
      "uploads.created_at",
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

/**
 * Takes the upload's next invite SEQUENCE (counting it up first, which also locks the row, so two
 * owners acting at once queue invites in order) and reads the upload as it was. Null when there is
 * no such upload, or when `scheduledOnly` and it is not scheduled.
 */
async function takeInvite(
  trx: Trx,
  uploadId: string,
  now: Date,
  scheduledOnly: boolean,
): Promise<Reviewee | null> {
  let claim = trx
    .updateTable("uploads")
    .set((eb) => ({
      invite_sequence: eb("invite_sequence", "+", 1),
      updated_at: now.toISOString(),
    }))
    .where("id", "=", uploadId)
    // A student's portal resume is theirs and their mentor's, never booked into a livestream.
    .where("review_status", "<>", "profile");
  if (scheduledOnly) {
    claim = claim.where("review_status", "=", "scheduled").where("scheduled_for", "is not", null);
  }
  const claimed = await claim.executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  const row = await uploadsWithSender(trx)
    .select([
      "uploads.id",
      "uploads.review_status",
      "uploads.scheduled_for",
      "uploads.invite_sequence",
    ])
    .where("uploads.id", "=", uploadId)
    .executeTakeFirst();
  return row ? { ...row, sequence: Number(row.invite_sequence) - 1 } : null;
}

/**
 * Books a resume into a livestream and emails its owner their slot with a calendar invite
 * (through the outbox). Booking one already booked moves it: the email says so and its invite
 * updates the first (same UID, next SEQUENCE). The date must not be past in the site's zone.
 */
export async function scheduleReview(
  db: DB,
  uploadId: string,
  date: string,
  actor: string,
  now: Date,
  settings: ReviewSettings = DEFAULT_REVIEW_SETTINGS,
): Promise<boolean> {
  if (!isBookableDate(date, dateInZone(now, settings.siteTimeZone))) return false;
  return db.transaction().execute(async (trx) => {
    const upload = await takeInvite(trx, uploadId, now, false);
    if (!upload) return false;
    const moved = upload.review_status === "scheduled";
    await trx
      .updateTable("uploads")
      .set({ review_status: "scheduled", scheduled_for: date })
      .where("id", "=", uploadId)
      .execute();
    const content = moved ? consoleEmails.reviewRescheduled : consoleEmails.reviewScheduled;
    await enqueueEmail(
      trx,
      {
        kind: moved ? "resume_review_rescheduled" : "resume_review_scheduled",
        to: upload.email,
        personId: upload.person_id,
        ...renderEmail(
          content(upload.first_name, livestreamTime(date, settings), settings.livestreamUrl),
        ),
        calendar: reviewInvite(upload, date, settings, now, ICalCalendarMethod.REQUEST),
      },
      now,
    );
    await recordAudit(
      trx,
      actor,
      moved ? "resume.reschedule" : "resume.schedule",
      moved ? { uploadId, date, from: upload.scheduled_for } : { uploadId, date },
      now,
    );
    return true;
  });
}

/**
 * Takes a scheduled resume off its livestream: back to waiting, and its owner gets an email whose
 * invite cancels the calendar event. False when the upload is not scheduled.
 */
export async function cancelReview(
  db: DB,
  uploadId: string,
  actor: string,
  now: Date,
  settings: ReviewSettings = DEFAULT_REVIEW_SETTINGS,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const upload = await takeInvite(trx, uploadId, now, true);
    if (!upload?.scheduled_for) return false;
    const date = upload.scheduled_for;
    await trx
      .updateTable("uploads")
      .set({ review_status: "waiting", scheduled_for: null })
      .where("id", "=", uploadId)
      .execute();
    await enqueueEmail(
      trx,
      {
        kind: "resume_review_cancelled",
        to: upload.email,
        personId: upload.person_id,
        ...renderEmail(
          consoleEmails.reviewCancelled(upload.first_name, livestreamTime(date, settings)),
        ),
        calendar: reviewInvite(upload, date, settings, now, ICalCalendarMethod.CANCEL),
      },
      now,
    );
    await recordAudit(trx, actor, "resume.cancel", { uploadId, date }, now);
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
    .where("review_status", "<>", "profile")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await recordAudit(db, actor, "resume.reviewed", { uploadId }, now);
  return true;
}
