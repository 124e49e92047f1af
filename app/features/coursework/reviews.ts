/**
 * A mentor's review of a version of their student's work (issue 48, item 3), pure: the form's
 * schema, shared by the page and the action, and who may download a coursework file.
 */
import { mentorMaySee } from "~/features/portal/portal";
import { optionalDocxField } from "~/features/uploads/docx-field";
import { normalizeBody, text } from "~/lib/text-fields";
import { z } from "~/lib/zod";
import { LIMITS, REVIEW_VERDICTS } from "./coursework";
import { reviewPageText } from "./reviews.words";

const t = reviewPageText.errors;

export const reviewSchema = z.object({
  comment: text(t.comment, LIMITS.comment, { normalize: normalizeBody }),
  verdict: z.enum(REVIEW_VERDICTS, { error: t.verdict }),
  /**
   * The mentor's annotated copy, optional: judged here by name and size, then by content on the
   * server (as the resume's). An empty file input arrives as nothing.
   */
  file: optionalDocxField(),
});

export type ReviewForm = z.infer<typeof reviewSchema>;

/** Who asks for a coursework file: a signed-in student or mentor. */
export type FileReader =
  { role: "student"; personId: string } | { role: "mentor"; mentorId: string };

/**
 * A coursework file (the student's own work, or their mentor's annotated copy, both kept under the
 * student) is read by that student and by the mentor of their live seat; by nobody else.
 */
export function mayReadFile(
  reader: FileReader,
  file: { personId: string },
  studentsMentorId: string | null,
): boolean {
  return reader.role === "student"
    ? reader.personId === file.personId
    : mentorMaySee(reader.mentorId, { mentorId: studentsMentorId });
}
