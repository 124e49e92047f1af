/** Rules for the resume a visitor sends to /resume-review, shared by browser and server. */

/** Same limit as the content check on the server (app/features/uploads/docx-check.server.ts). */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_FOLDER = "resume-reviews";
export const DOCX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type ResumeFileProblem = "missing" | "not_docx" | "unreadable" | "too_large";

/** Why the server's content check (app/features/uploads/docx-check.server.ts) refuses a file. */
export type DocxRejection =
  | "too_large"
  | "not_zip"
  | "missing_content_types"
  | "not_word_document"
  | "macro_content"
  | "active_content"
  | "unsafe_entry_name"
  | "too_many_entries"
  | "too_much_data";

/**
 * What the sender of a refused file is told. A file that is not a Word document we can read
 * (another format renamed .docx, a damaged or foreign package) gets its own message, which says
 * how to make one; a Word document refused for what it holds (macros, active content, a crafted
 * package: decision 0020) gets the spec's "Please upload a .docx file"; a large one, the limit.
 */
export function problemOfRejection(reason: DocxRejection): ResumeFileProblem {
  switch (reason) {
    case "too_large":
      return "too_large";
    case "not_zip":
    case "missing_content_types":
    case "not_word_document":
      return "unreadable";
    default:
      return "not_docx";
  }
}

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

/**
 * The name a mentor's download of a student's resume is saved under: the student's, so a folder
 * of them reads as a list of people (`ada-lovelace-resume.docx`). Letters and digits only,
 * accents taken off, hyphens between words; "student-resume" when no name is left.
 */
export function resumeDownloadName(firstName: string, lastName: string): string {
  const words = `${firstName} ${lastName}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return `${[...(words.length > 0 ? words : ["student"]), "resume"].join("-")}.docx`;
}
