import { mentorValidation as m } from "./mentors.words";
import { z } from "~/lib/zod";
import { MAX_NOTE } from "~/features/people/person-form";
import { meetingPlaceField } from "~/features/bookings/meeting-place";
import { confirmOfferSchema } from "~/features/outcomes/outcome-forms";
import { targetsSchema } from "~/features/job-search/networking";
import { normalizeBody, normalizeSubject } from "~/lib/text-fields";
import { optionalText, text } from "~/lib/text-fields";

/**
 * The mentors' forms (issue 34): the owner's /admin/mentors (invite, edit, deactivate,
 * reactivate), the admin CLI's `create --role mentor` and a mentor's private note about a
 * student. One set of field rules for the browser, the actions and the CLI.
 */

export const MAX_MENTOR_EMAIL = 254;
export const MAX_MENTOR_NAME = 100;
export const MAX_MENTOR_BIO = 1000;
export const MIN_MENTOR_CAPACITY = 1;
export const MAX_MENTOR_CAPACITY = 50;
export const DEFAULT_MENTOR_CAPACITY = 5;
/** A note is a person note (person_notes), bounded as the owner's are. */
export const MAX_MENTOR_NOTE = MAX_NOTE;

const capacityMessage = m.capacity(MIN_MENTOR_CAPACITY, MAX_MENTOR_CAPACITY);

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(MAX_MENTOR_EMAIL, m.emailInvalid)
  .pipe(z.email(m.emailInvalid))
  .transform((value) => value.toLowerCase());

/** A name on one line: any run of whitespace (a pasted line break) is one space. */
const name = text(m.nameRequired, MAX_MENTOR_NAME, { normalize: normalizeSubject });

/** Optional; its line breaks counted as the textarea holds them (a post sends CR LF). */
const bio = optionalText(MAX_MENTOR_BIO, { normalize: normalizeBody }).transform(
  (value) => value ?? "",
);

/** Students per cohort, as typed: a whole number from 1 to 50 ('' or missing: the default 5). */
const capacity = z
  .string({ error: capacityMessage })
  .trim()
  .optional()
  .transform((value) => value || String(DEFAULT_MENTOR_CAPACITY))
  .pipe(z.string().regex(/^\d{1,3}$/, capacityMessage))
  .transform(Number)
  .refine((value) => value >= MIN_MENTOR_CAPACITY && value <= MAX_MENTOR_CAPACITY, capacityMessage);

/** What a mentor is: the invite form's fields, and the CLI's options. */
export const mentorSchema = z.object({ email, name, bio, capacity });
export type MentorInput = z.output<typeof mentorSchema>;

const mentorId = z.string({ error: m.notFound }).min(1, m.notFound).max(100, m.notFound);

/** /admin/mentors: invite one, edit one, deactivate or reactivate one, set where they meet. */
export const mentorsFormSchema = z.discriminatedUnion("intent", [
  mentorSchema.extend({ intent: z.literal("invite") }),
  z.object({ intent: z.literal("edit"), id: mentorId, name, bio, capacity }),
  z.object({ intent: z.literal("deactivate"), id: mentorId }),
  z.object({ intent: z.literal("reactivate"), id: mentorId }),
  z.object({ intent: z.literal("end_sessions"), id: mentorId }),
  z.object({ intent: z.literal("place"), id: mentorId, place: meetingPlaceField }),
]);

/** A mentor's private note about one of their students (/portal/mentor/students/:id). */
export const mentorNoteSchema = z.object({
  intent: z.literal("note"),
  body: text(m.noteRequired, MAX_MENTOR_NOTE, { normalize: normalizeBody }),
});

/**
 * /portal/mentor/students/:id: a private note, confirming one of the student's offers, or the
 * student's weekly targets.
 */
export const mentorStudentSchema = z.discriminatedUnion("intent", [
  mentorNoteSchema,
  confirmOfferSchema,
  targetsSchema,
]);
