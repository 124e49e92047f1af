import {
  ROLE_IN_CONSENT,
  testimonialPage as p,
  testimonialsConsole as c,
} from "./testimonials.words";
import type { TestimonialConsent } from "~/db/programme-schema";
import { z } from "~/lib/zod";
import { isFile } from "~/features/leads/lead-form";
import { normalizeBody } from "~/lib/text-fields";
import { PHOTO_MAX_BYTES, photoFileProblem } from "./testimonial-photo";
import { text } from "~/lib/text-fields";

/**
 * The stories that sell the next cohort (issue 36, item 5): the student's and the owner's forms,
 * and which testimonials the home page shows with what headline. Pure: no I/O.
 */

export const QUOTE_MAX = 600;
export const TESTIMONIAL_ID_MAX = 100;
/** The home page shows the written testimonials until this many real ones are published. */
export const REAL_STORIES_NEEDED = 4;
export const CONSENTS = ["full", "first_name"] as const satisfies readonly TestimonialConsent[];

/** A testimonial's words: line breaks as the textarea holds them (a post sends CR LF), trimmed. */
const quote = (required: string) =>
  text(required, QUOTE_MAX, {
    normalize: normalizeBody,
    tooLong: p.errors.quoteTooLong(QUOTE_MAX),
  });

export const RATING_MAX = 5;

/** The optional stars, 1 to RATING_MAX; an unchosen select sends "". */
const rating = z
  .preprocess(
    (value) => (value === "" || value === undefined ? undefined : value),
    z.coerce
      .number({ error: p.errors.ratingInvalid })
      .int(p.errors.ratingInvalid)
      .min(1, p.errors.ratingInvalid)
      .max(RATING_MAX, p.errors.ratingInvalid)
      .optional(),
  )
  .optional() as z.ZodType<number | undefined, unknown>;

export const PHOTO_MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * The optional photo: judged here by size only, then by content on the server
 * (app/features/outcomes/testimonial-photo.ts). An empty file input arrives as nothing.
 */
const photo = z
  .any()
  .superRefine((value, ctx) => {
    if (isFile(value) && photoFileProblem(value))
      ctx.addIssue({ code: "custom", message: p.errors.photoTooLarge(PHOTO_MAX_MB) });
  })
  .transform((value) => (isFile(value) && value.size > 0 ? value : undefined))
  .optional() as z.ZodType<File | undefined, unknown>;

/**
 * /portal/testimonial: send (or send again) the testimonial with a consent and, with "full", an
 * optional photo; remove the photo; withdraw consent.
 */
export const testimonialSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("submit"),
    quote: quote(p.errors.quoteRequired),
    consent: z.enum(CONSENTS, { error: p.errors.consentRequired }),
    rating,
    photo,
  }),
  z.object({ intent: z.literal("remove_photo") }),
  z.object({ intent: z.literal("withdraw") }),
]);
export type TestimonialForm = z.output<typeof testimonialSchema>;

const id = z.string({ error: c.notFound }).min(1, c.notFound).max(TESTIMONIAL_ID_MAX, c.notFound);

/** /admin/testimonials: approve, fix the published words, move, hide; the headline setting. */
export const testimonialsConsoleSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id }),
  z.object({ intent: z.literal("hide"), id }),
  z.object({ intent: z.literal("edit"), id, publishedQuote: quote(c.quoteRequired) }),
  z.object({ intent: z.literal("move"), id, direction: z.enum(["up", "down"]) }),
  z.object({
    intent: z.literal("settings"),
    // A checkbox sends nothing when unticked: the form sends a hidden "off" before it.
    showOfferCount: z
      .preprocess(
        (value) => (Array.isArray(value) ? value[value.length - 1] : value),
        z.enum(["on", "off"]),
      )
      .transform((value) => value === "on"),
  }),
]);
export type TestimonialsConsoleForm = z.output<typeof testimonialsConsoleSchema>;

/** The name a testimonial is published under, as its consent allows. */
export function publishedName(
  consent: TestimonialConsent,
  firstName: string,
  lastName: string,
): string {
  const first = firstName.trim();
  const last = lastName.trim();
  return consent === "full" && last ? `${first} ${last}` : first;
}

/** A testimonial as the home page shows it. */
export interface Story {
  id: string;
  name: string;
  company: string;
  quote: string;
  /** The photo's address: only a published "full" testimonial with a photo has one. */
  photo?: string;
  /** The role: the offer's, on a real one whose consent names it (`consentNamesRole`). */
  position?: string;
  /** Stars: the written testimonials carry one; a real one the student's own, if they gave it. */
  rating?: number;
}

/**
 * Whether the consent a student agreed to (its stored words) lets the role of their offer be
 * shown: the words before issue 45 named only the firm, so those testimonials show the firm only.
 */
export function consentNamesRole(words: string | null): boolean {
  return words !== null && words.includes(ROLE_IN_CONSENT);
}

/**
 * What the home page shows: the published testimonials in the owner's order; while fewer than
 * REAL_STORIES_NEEDED are published, the written ones stay after them.
 */
export function homeStories<Coded extends Story>(
  published: readonly Story[],
  coded: readonly Coded[],
): readonly (Story | Coded)[] {
  return published.length >= REAL_STORIES_NEEDED ? published : [...published, ...coded];
}

/**
 * The public address of a published testimonial's photo; the upload's id in the query makes a
 * replaced photo a new address (a cache asks again on every use, so the old one is not shown).
 */
export function photoPath(testimonialId: string, uploadId: string): string {
  return `/testimonials/${encodeURIComponent(testimonialId)}/photo?v=${encodeURIComponent(uploadId)}`;
}

/**
 * The headline stat's value: the text it replaces unless the owner chose to show the count
 * (`shown`: the count when shown, null when not or unknown).
 */
export function offerCountStat(text: string, shown: number | null): string {
  return shown === null ? text : String(shown);
}

/** An order of ids with `id` moved one place up or down (unchanged at either end). */
export function moved(ids: readonly string[], id: string, direction: "up" | "down"): string[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}
