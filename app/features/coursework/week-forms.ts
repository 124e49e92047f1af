/**
 * The form a student hands work in with (issue 48, item 2). One schema for the three kinds: which
 * field is required depends on the assignment, so the action checks that after finding it. Pure.
 */
import { optionalDocxField } from "~/features/uploads/docx-field";
import { isHttpsUrl } from "~/lib/https-url";
import { normalizeBody, optionalText, rowId } from "~/lib/text-fields";
import { z } from "~/lib/zod";
import { LIMITS, type AssignmentKind } from "./coursework";
import { weekText } from "./coursework.words";

const e = weekText.errors;

export const workSchema = z.object({
  assignmentId: rowId(e.assignment),
  body: optionalText(LIMITS.answer, { normalize: normalizeBody }),
  url: optionalText(LIMITS.url),
  file: optionalDocxField(),
});

export type WorkForm = z.infer<typeof workSchema>;

/**
 * What is missing or wrong for the assignment's kind: the field and its message, or null. The
 * file's content is checked on the server afterwards (checkDocx).
 */
export function workProblem(
  kind: AssignmentKind,
  form: WorkForm,
): { field: "body" | "url" | "file"; message: string } | null {
  if (kind === "text") return form.body ? null : { field: "body", message: e.body };
  if (kind === "link")
    return form.url && isHttpsUrl(form.url) ? null : { field: "url", message: e.url };
  // Its name and size were judged by the field; its content is checked on the server.
  return form.file ? null : { field: "file", message: e.file };
}
