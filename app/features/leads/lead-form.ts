import { z } from "~/lib/zod";
import { resumeFileMessages } from "./lead-magnets.words";
import type { ResourceType } from "./lead-magnets";
import { personFields } from "~/lib/person-fields";
import { optionalText } from "~/lib/text-fields";
import { resumeFileProblem } from "~/features/uploads/resume-upload";
import type { Utm } from "~/features/analytics/utm";

/**
 * The lead form: the person's fields, career goals optional; `earliestYear` is the earliest
 * graduation year accepted (the year in force).
 */
export function leadFormSchema(earliestYear: number) {
  return z.object({
    ...personFields(earliestYear),
    careerGoals: optionalText(1000),
  });
}

/**
 * The resume review form: the lead form plus the resume file. Files arrive as File objects in
 * the browser and on the server alike; an empty file input arrives as nothing.
 */
export function resumeReviewSchema(earliestYear: number) {
  return leadFormSchema(earliestYear).extend({
    resume: z.any().superRefine((value, ctx) => {
      const problem = resumeFileProblem(isFile(value) ? value : null);
      if (problem)
        ctx.addIssue({ code: "custom", message: resumeFileMessages[problem].description });
    }) as z.ZodType<File, File>,
  });
}

export type LeadForm = z.infer<ReturnType<typeof leadFormSchema>>;

export function isFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File;
}

/** The stored form data: the answers, the resource type, source and UTM. */
export function leadFormData(
  form: LeadForm,
  resourceType: ResourceType,
  utm: Utm,
  source: string,
  extra: { resumeUrl?: string } = {},
) {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    university: form.university,
    graduationYear: form.graduationYear,
    careerGoals: form.careerGoals ?? "",
    resourceType,
    source,
    utm,
    ...extra,
  };
}
