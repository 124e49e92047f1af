/**
 * A mentor's review of a version of their student's work (issue 48, item 3), pure: the form's
 * schema, shared by the page and the action, and who may download a coursework file.
 */
import { resumeFileMessages } from "~/features/leads/lead-magnets.words";
import { isFile } from "~/features/leads/lead-form";
import { mentorMaySee } from "~/features/portal/portal";
import { resumeFileProblem } from "~/features/uploads/resume-upload";
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
  file: z
    .any()
    .superRefine((value, ctx) => {
      const problem = resumeFileProblem(isFile(value) ? value : null);
      if (problem && problem !== "missing")
        ctx.addIssue({ code: "custom", message: resumeFileMessages[problem].description });
    })
    .transform((value) =>
      isFile(value) && (value.size > 0 || value.name !== "") ? value : undefined,
    )
    .optional() as z.ZodType<File | undefined, unknown>,
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
