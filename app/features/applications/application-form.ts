import { z } from "~/lib/zod";
import { validation } from "~/content/forms";
import { personFields } from "~/lib/person-fields";
import { optionalText, text } from "~/lib/text-fields";

export const CAREER_TARGETS = [
  "Wealth Management",
  "Banking",
  "Capital Markets",
  "Consulting",
  "Other",
] as const;
export const HOURS_OPTIONS = ["yes", "no"] as const;
export const READY_OPTIONS = ["yes", "no", "questions"] as const;
export const HEARD_FROM_OPTIONS = ["youtube", "referral", "social", "other"] as const;
export const READY_TO_START_OPTIONS = ["yes", "no"] as const;

/**
 * One schema for the browser (Conform) and the server action; `earliestYear` is the earliest
 * graduation year accepted (the year in force).
 */
export function applicationSchema(earliestYear: number) {
  return z
    .object({
      ...personFields(earliestYear),
      careerTargets: z
        .array(z.enum(CAREER_TARGETS, { error: validation.careerTargets }), {
          error: validation.careerTargets,
        })
        .min(1, validation.careerTargets)
        .transform((targets) => Array.from(new Set(targets))),
      careerOther: optionalText(200),
      hoursPerWeek: z.enum(HOURS_OPTIONS, { error: validation.hoursPerWeek }),
      readyToEnroll: z.enum(READY_OPTIONS, { error: validation.readyToEnroll }),
      heardFrom: z.enum(HEARD_FROM_OPTIONS, { error: validation.heardFrom }),
      referralName: optionalText(200),
      otherSource: optionalText(200),
      challenge: text(validation.challenge, 2000),
      motivation: text(validation.motivation, 2000),
      hasQuestions: optionalText(2000),
      readyToStart: z.enum(READY_TO_START_OPTIONS).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.careerTargets.includes("Other") && !value.careerOther) {
        ctx.addIssue({ code: "custom", path: ["careerOther"], message: validation.careerOther });
      }
      if (value.heardFrom === "referral" && !value.referralName) {
        ctx.addIssue({ code: "custom", path: ["referralName"], message: validation.referralName });
      }
      if (value.heardFrom === "other" && !value.otherSource) {
        ctx.addIssue({ code: "custom", path: ["otherSource"], message: validation.otherSource });
      }
    });
}

export type ApplicationForm = z.infer<ReturnType<typeof applicationSchema>>;

/** The stored form data: answers only where they apply, plus leadSourceDetails. */
export function applicationFormData(form: ApplicationForm) {
  // Consent is stored on its own, with its wording (consents), not as an answer.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { careerOther, referralName, otherSource, marketingConsent, consentShown, ...rest } = form;
  const other = form.careerTargets.includes("Other") ? careerOther : undefined;
  const leadSourceDetails =
    form.heardFrom === "referral"
      ? { referralName }
      : form.heardFrom === "other"
        ? { otherSource }
        : undefined;
  return {
    ...rest,
    careerOther: other ?? "",
    referralName: form.heardFrom === "referral" ? (referralName ?? "") : "",
    otherSource: form.heardFrom === "other" ? (otherSource ?? "") : "",
    ...(leadSourceDetails ? { leadSourceDetails } : {}),
  };
}
