/** Rules for the resume a visitor sends to /resume-review, shared by browser and server. */

/** Same limit as the content check on the server (app/uploads/docx-check.server.ts). */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_FOLDER = "resume-reviews";
export const DOCX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type ResumeFileProblem = "missing" | "not_docx" | "too_large";

/** Only names ending in .docx are accepted; the extension is compared case-insensitively. */
export function isDocxName(name: string): boolean {
  return /\.docx$/i.test(name.trim());
}

/**
 * What is wrong with the file the visitor chose, judged by its name and size only; the server
 * also checks the content. An empty file input submits a nameless, empty file.
 */
export function resumeFileProblem(
  file: { name: string; size: number } | null | undefined,
): ResumeFileProblem | null {
  if (!file || (file.size === 0 && file.name === "")) return "missing";
  if (!isDocxName(file.name)) return "not_docx";
  if (file.size > RESUME_MAX_BYTES) return "too_large";
  return null;
}

/**
 * The stored file name: the email with the characters . # $ [ ] replaced by '_', then '_', the
 * time in milliseconds and '.docx'. The visitor's own file name is never used.
 */
export function resumeUploadName(email: string, at: Date): string {
  return `${email.replace(/[.#$[\]]/g, "_")}_${at.getTime()}.docx`;
}

export function resumeUploadPath(name: string): string {
  return `${RESUME_FOLDER}/${name}`;
}

/** Where an admin opens a stored resume; the submission keeps it as resumeUrl. */
export function resumeAdminUrl(uploadId: string): string {
  return `/admin/uploads/${uploadId}`;
}
