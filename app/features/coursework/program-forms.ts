import { isHttpsUrl } from "~/lib/https-url";
import { normalizeBody, normalizeSubject, text } from "~/lib/text-fields";
import { z } from "~/lib/zod";
import {
  isResourceFileKey,
  resourceFormats,
  type ResourceFileKey,
} from "~/features/resources/formats";
import { ASSIGNMENT_KINDS, isWeek, LIMITS } from "./coursework";
import { programValidation as v } from "./program.words";

/**
 * The owner's forms at /admin/program/:week (issue 48, item 1): the week's material, and each of
 * its assignments added, edited or removed. Every field is bounded by LIMITS, as stored; the
 * browser and the server read a post with the same schema.
 */

export const RESOURCE_KEYS = Object.keys(resourceFormats) as [
  ResourceFileKey,
  ...ResourceFileKey[],
];

const tooLong = (max: number) => ({ tooLong: v.tooLong(max) });

/** The video: '' or nothing is none; else a full https link, bounded. */
const videoUrl = z
  .string()
  .trim()
  .max(LIMITS.url, v.videoUrl)
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || isHttpsUrl(value), v.videoUrl);

/**
 * The ticked files, each once, in the library's order. None ticked posts nothing, one ticked a
 * single value (read as a list of one); an unknown key, or more than the bound, is refused.
 */
const resources = z
  .preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z.array(z.string(), { error: v.resource }).optional(),
  )
  .refine((keys) => (keys ?? []).every(isResourceFileKey), v.resource)
  .refine((keys) => (keys ?? []).length <= LIMITS.resources, v.tooManyResources(LIMITS.resources))
  .transform((keys) => RESOURCE_KEYS.filter((key) => keys?.includes(key)));

export const weekSchema = z.object({
  intent: z.literal("week"),
  title: text(v.titleRequired, LIMITS.weekTitle, {
    normalize: normalizeSubject,
    ...tooLong(LIMITS.weekTitle),
  }),
  material: text(v.materialRequired, LIMITS.material, {
    normalize: normalizeBody,
    ...tooLong(LIMITS.material),
  }),
  videoUrl,
  resources,
});
export type WeekInput = z.output<typeof weekSchema>;

/** What an assignment is: the same fields when it is added and when it is edited. */
const assignmentFields = {
  title: text(v.assignmentTitleRequired, LIMITS.assignmentTitle, {
    normalize: normalizeSubject,
    ...tooLong(LIMITS.assignmentTitle),
  }),
  instructions: text(v.instructionsRequired, LIMITS.instructions, {
    normalize: normalizeBody,
    ...tooLong(LIMITS.instructions),
  }),
  /** 1 (Monday) to 7 (Sunday), as the select posts it. */
  dueDay: z
    .string({ error: v.dueDay })
    .regex(/^[1-7]$/, v.dueDay)
    .transform(Number),
  kind: z.enum(ASSIGNMENT_KINDS, { error: v.kind }),
};
export type AssignmentInput = z.output<z.ZodObject<typeof assignmentFields>>;

const assignmentId = z
  .string({ error: v.assignmentNotFound })
  .min(1, v.assignmentNotFound)
  .max(100, v.assignmentNotFound);

/** /admin/program/:week: save the week, or add, edit or remove one of its assignments. */
export const programWeekFormSchema = z.discriminatedUnion("intent", [
  weekSchema,
  z.object({ intent: z.literal("add"), ...assignmentFields }),
  z.object({ intent: z.literal("edit"), id: assignmentId, ...assignmentFields }),
  z.object({ intent: z.literal("remove"), id: assignmentId }),
]);

/** The week a page's `:week` names ("1" to "6"), or null: anything else is not a week. */
export function weekOfParam(param: string | undefined): number | null {
  if (!param || !/^\d$/.test(param)) return null;
  const week = Number(param);
  return isWeek(week) ? week : null;
}
