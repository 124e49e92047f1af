/**
 * The forms of a student's job search (issue 47): one field schema for an application, used by
 * the add and edit forms and by every row of an imported spreadsheet, so a row is read by the same
 * rules as a typed form. Every text is bounded; links are https only. Pure: no I/O.
 */
import { z } from "~/lib/zod";
import { normalizeBody, normalizeSubject, optionalText, rowId, text } from "~/lib/text-fields";
import { isProfileTrack, type ProfileTrack } from "~/features/portal/student-profile";
import { jobSearchText } from "./job-search.words";
import { MAX_ROUND, SOURCES, STAGES } from "./stages";
import { isCalendarDate } from "~/lib/calendar-date";
import { isHttpsUrl } from "~/lib/https-url";
import { moveDetailErrors as detail, moveDetailFields } from "~/features/outcomes/outcome-forms";

const e = jobSearchText.errors;

/** Bounds on what one student stores. */
export const MAX_APPLICATIONS = 500;
export const BOUNDS = {
  firm: 100,
  role: 100,
  url: 500,
  location: 100,
  contact: 200,
  nextStep: 300,
  notes: 2000,
  note: 300,
} as const;

const line = (required: string, max: number) =>
  text(required, max, { normalize: normalizeSubject, tooLong: e.tooLong(max) });

/** Optional one-line text: null when left empty. */
const optionalLine = (max: number) =>
  optionalText(max, { normalize: normalizeSubject, tooLong: e.tooLong(max) }).transform(
    (value) => value || null,
  );

/** A deadline, a stage's date: this century, so a slip of the year ("0202") is caught. */
export const inJobSearchYears = (date: string) => date >= "2000-01-01" && date <= "2099-12-31";

/** An optional date: '' or nothing is null. */
const optionalDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || isCalendarDate(value), message)
    .refine((value) => value === "" || inJobSearchYears(value), message)
    .optional()
    .transform((value) => value || null);

/** One of the programme's finance tracks, or null when not said. */
const trackField = z
  .string({ error: e.track })
  .refine((value) => value === "" || isProfileTrack(value), e.track)
  .optional()
  .transform((value) => (value ? (value as ProfileTrack) : null));

/** What an application says, whichever form (or spreadsheet row) it comes from. */
export const applicationFields = z.object({
  firm: line(e.firm, BOUNDS.firm),
  role: line(e.role, BOUNDS.role),
  track: trackField,
  url: optionalLine(BOUNDS.url).refine((value) => value === null || isHttpsUrl(value), e.url),
  location: optionalLine(BOUNDS.location),
  deadline: optionalDate(e.deadline),
  source: z.enum(SOURCES, { error: e.source }),
  contact: optionalLine(BOUNDS.contact),
  nextStep: optionalLine(BOUNDS.nextStep),
  notes: optionalText(BOUNDS.notes, {
    normalize: normalizeBody,
    tooLong: e.tooLong(BOUNDS.notes),
  }).transform((value) => value || null),
});
export type ApplicationFields = z.infer<typeof applicationFields>;

/** A round typed as text: '' or nothing is null. */
const roundField = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || /^\d{1,2}$/.test(value), e.round)
  .transform((value) => (value ? Number(value) : null));

/** /portal/applications: add one, as Wishlist or already Applied. */
export const addApplicationSchema = applicationFields.extend({
  intent: z.literal("add"),
  stage: z.enum(["wishlist", "applied"], { error: e.stage }),
});

/**
 * A move to another stage, by the student or their mentor. A move to Interview says the
 * interview's day, a move to Offer the offer's kind (decision 0063); `today` is the site's date.
 */
const moveFields = (today: string) =>
  z
    .object({
      intent: z.literal("move"),
      /** The current entry the form was drawn from: a move made meanwhile refuses this one. */
      moveId: rowId(e.moved),
      to: z.enum(STAGES, { error: e.stage }),
      round: roundField,
      note: optionalLine(BOUNDS.note),
      ...moveDetailFields(today),
    })
    .superRefine((move, ctx) => {
      if (move.to === "interview" && !move.interviewDate)
        ctx.addIssue({ code: "custom", path: ["interviewDate"], message: detail.interviewDate });
      if (move.to === "offer" && !move.kind)
        ctx.addIssue({ code: "custom", path: ["kind"], message: detail.kind });
    });

/** /portal/applications/:id: edit the details, move it, or delete it. */
export function applicationFormSchema(today: string) {
  return z.discriminatedUnion("intent", [
    applicationFields.extend({ intent: z.literal("edit") }),
    moveFields(today),
    z.object({ intent: z.literal("delete") }),
  ]);
}
export type ApplicationForm = z.infer<ReturnType<typeof applicationFormSchema>>;
export type MoveInput = Extract<ApplicationForm, { intent: "move" }>;

/** /portal/mentor/students/:id/applications/:applicationId: the mentor's move or note. */
export function mentorApplicationSchema(today: string) {
  return z.discriminatedUnion("intent", [
    moveFields(today),
    z.object({
      intent: z.literal("note"),
      body: text(e.noteRequired, BOUNDS.note, {
        normalize: normalizeBody,
        tooLong: e.tooLong(BOUNDS.note),
      }),
    }),
  ]);
}

/**
 * One spreadsheet row, as text (what the preview carries to the confirmation): the application,
 * its stage (with its round for Interview) and the day it was applied for, if the sheet says.
 */
export const importRowSchema = applicationFields
  .extend({
    stage: z.enum(STAGES, { error: e.stage }),
    round: roundField,
    appliedOn: optionalDate(e.deadline),
  })
  .refine(
    (row) =>
      row.stage === "interview"
        ? row.round !== null && row.round >= 1 && row.round <= MAX_ROUND
        : row.round === null,
    { message: e.round, path: ["round"] },
  );
export type ImportRow = z.infer<typeof importRowSchema>;
/** A row as the sheet gave it, every field as text. */
export type RawImportRow = Record<keyof z.input<typeof importRowSchema>, string>;

/** /portal/applications/import: a file to preview, or the previewed rows to bring in. */
export const importSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preview"), file: z.any() as z.ZodType<unknown> }),
  z.object({
    intent: z.literal("confirm"),
    // 500 rows at their longest, as JSON; the server takes 6 MiB posts here (server/app.ts).
    rows: z.string().max(4 * 1024 * 1024),
  }),
]);
