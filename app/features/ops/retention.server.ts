import type { DB } from "~/db/database.server";
import { recordAudit } from "~/features/accounts/audit.server";

export interface RetentionPolicy {
  /** Days a reviewed resume is kept after its review. */
  resumeKeepDays: number;
  /** Days the browser's visitor id stays on what that browser sent. */
  visitorIdKeepDays: number;
}

export interface RetentionResult {
  /** Reviewed resumes deleted (the file and its row). */
  resumesDeleted: number;
  /** Submissions whose visitor id and fingerprint were cleared. */
  submissionsCleared: number;
  /** Seat holds whose visitor id was cleared. */
  holdsCleared: number;
}

const DAY_MS = 86_400_000;

/**
 * Removes what has been kept long enough. Every statement selects only what is due and leaves
 * nothing due behind, so a second run (or another instance running at the same moment) finds
 * nothing more to do.
 *
 * - A reviewed resume is deleted, file and row, `resumeKeepDays` after its review (the upload's
 *   last change). Resumes waiting for or scheduled for a review stay.
 * - The visitor id on submissions and seat holds, and the submission fingerprint derived from it,
 *   are cleared after `visitorIdKeepDays`; the submission itself (what was asked for, when, and
 *   the person) stays, as it feeds the owner's counts.
 */
export async function runRetention(
  db: DB,
  policy: RetentionPolicy,
  now: Date,
): Promise<RetentionResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const resumeCutoff = before(policy.resumeKeepDays);
  const visitorCutoff = before(policy.visitorIdKeepDays);
  return db.transaction().execute(async (trx) => {
    const resumes = await trx
      .deleteFrom("uploads")
      .where("review_status", "=", "reviewed")
      .where("updated_at", "<", resumeCutoff)
      .executeTakeFirst();
    const submissions = await trx
      .updateTable("submissions")
      .set({ visitor_id: "", fingerprint: "" })
      .where("created_at", "<", visitorCutoff)
      .where((eb) => eb.or([eb("visitor_id", "<>", ""), eb("fingerprint", "<>", "")]))
      .executeTakeFirst();
    const holds = await trx
      .updateTable("seat_holds")
      .set({ visitor_id: null })
      .where("created_at", "<", visitorCutoff)
      .where("visitor_id", "is not", null)
      .executeTakeFirst();
    const result: RetentionResult = {
      resumesDeleted: Number(resumes.numDeletedRows),
      submissionsCleared: Number(submissions.numUpdatedRows),
      holdsCleared: Number(holds.numUpdatedRows),
    };
    if (result.resumesDeleted + result.submissionsCleared + result.holdsCleared > 0) {
      await recordAudit(trx, "system", "retention", { ...result, ...policy }, now);
    }
    return result;
  });
}
