import type { Trx } from "~/db/database.server";
import { createHash } from "node:crypto";
import {
  DOCX_CONTENT_TYPE,
  resumeUploadName,
  resumeUploadPath,
} from "~/features/uploads/resume-upload";
import { DOUBLE_SUBMIT_WINDOW_MS } from "~/features/people/submissions.server";

/** Storing the file failed: the visitor is told the upload failed, not that the request did. */
export class ResumeStorageError extends Error {
  constructor(cause: unknown) {
    super("resume storage failed", { cause });
    this.name = "ResumeStorageError";
  }
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The same person sending the same file again within a minute: a double submit, stored once. */
export async function isRecentResume(
  trx: Trx,
  personId: string,
  sha256: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - DOUBLE_SUBMIT_WINDOW_MS).toISOString();
  try {
    const row = await trx
      .selectFrom("uploads")
      .select("id")
      .where("person_id", "=", personId)
      .where("sha256", "=", sha256)
      .where("created_at", ">=", since)
      .executeTakeFirst();
    return Boolean(row);
  } catch (error) {
    throw new ResumeStorageError(error);
  }
}

/** Stores a checked resume in the database, waiting for its review. */
export async function storeResume(
  trx: Trx,
  upload: {
    id: string;
    personId: string;
    submissionId: string;
    email: string;
    bytes: Uint8Array;
    sha256: string;
  },
  now: Date,
) {
  const name = resumeUploadName(upload.email, now);
  const at = now.toISOString();
  try {
    await trx
      .insertInto("uploads")
      .values({
        id: upload.id,
        person_id: upload.personId,
        submission_id: upload.submissionId,
        name,
        full_path: resumeUploadPath(name),
        content_type: DOCX_CONTENT_TYPE,
        size: upload.bytes.byteLength,
        sha256: upload.sha256,
        data: upload.bytes,
        review_status: "waiting",
        scheduled_for: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  } catch (error) {
    throw new ResumeStorageError(error);
  }
}
