/**
 * The one form field for an optional Word file (a profile's resume, coursework, a mentor's
 * annotated copy): judged by name and size here, then by content on the server (`docxRefusal`).
 * An empty file input arrives as nothing. Pure: the browser and the server share it.
 */
import { resumeFileMessages } from "~/features/leads/lead-magnets.words";
import { isFile } from "~/features/leads/lead-form";
import { z } from "~/lib/zod";
import { resumeFileProblem } from "./resume-upload";

export const optionalDocxField = () =>
  z
    .any()
    .superRefine((value, ctx) => {
      const problem = resumeFileProblem(isFile(value) ? value : null);
      if (problem && problem !== "missing")
        ctx.addIssue({ code: "custom", message: resumeFileMessages[problem].description });
    })
    .transform((value) =>
      isFile(value) && (value.size > 0 || value.name !== "") ? value : undefined,
    )
    .optional() as z.ZodType<File | undefined, unknown>;
