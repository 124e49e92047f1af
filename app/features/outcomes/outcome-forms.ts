/**
 * The forms of interviews, offers and the interview deep-dive (issue 35 item 4, issue 36 item 2):
 * one Zod schema per page, intents as a discriminated union, every text bounded. Dates are
 * calendar dates (YYYY-MM-DD) in the site's zone. Pure: no I/O.
 */
import { deepDiveText, interviewsText, offerConfirmText } from "./interviews.words";
import { z } from "~/lib/zod";
import { slotField } from "~/features/bookings/availability-form";
import { normalizeSubject } from "~/lib/text-fields";
import { PROFILE_TRACKS } from "~/features/portal/student-profile";
import { optionalText, text } from "~/lib/text-fields";
import { addDays, isCalendarDate } from "~/lib/calendar-date";

const e = interviewsText.errors;

export const FIRM_MAX = 100;
export const ROLE_MAX = 100;
export const COMPENSATION_MAX = 100;
/** Bounds on what one student stores: interviews and offers per programme seat. */
export const MAX_INTERVIEWS = 50;
export const MAX_OFFERS = 20;
/** An interview is reported within a year of today; an offer's start within three years. */
export const INTERVIEW_DAYS_AROUND = 366;
export const START_DAYS_AROUND = 3 * 366;

/** An offer's track: one of the application's finance tracks, or "other". */
export const OFFER_TRACKS = [...PROFILE_TRACKS, "other"] as const;
export type OfferTrack = (typeof OFFER_TRACKS)[number];
export const OFFER_KINDS = ["internship", "full_time"] as const;

/** One line of text: runs of whitespace are one space; required and at most `max` characters. */
const line = (required: string, max: number) =>
  text(required, max, { normalize: normalizeSubject, tooLong: e.tooLong(max) });

/** A date within `days` of `today`, as typed. */
function dateAround(today: string, days: number, rangeMessage: string) {
  return z
    .string({ error: e.date })
    .trim()
    .refine(isCalendarDate, e.date)
    .refine(
      (value) => value >= addDays(today, -days) && value <= addDays(today, days),
      rangeMessage,
    );
}

/** /portal/interviews: report an interview, or an offer. `today` is the site's date. */
export function interviewsFormSchema(today: string) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("interview"),
      firm: line(e.firm, FIRM_MAX),
      role: line(e.role, ROLE_MAX),
      date: dateAround(today, INTERVIEW_DAYS_AROUND, e.dateRange),
    }),
    z.object({
      intent: z.literal("offer"),
      firm: line(e.firm, FIRM_MAX),
      role: line(e.role, ROLE_MAX),
      track: z.enum(OFFER_TRACKS, { error: e.track }),
      kind: z.enum(OFFER_KINDS, { error: e.kind }),
      ...offerExtras(today),
    }),
  ]);
}

/** An optional date within `days` of `today`: '' or nothing is undefined. */
const optionalDateAround = (today: string, days: number, rangeMessage: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(dateAround(today, days, rangeMessage).optional());

/** An offer's start date and compensation, both optional (here and in an application's move). */
const offerExtras = (today: string) => ({
  startDate: optionalDateAround(today, START_DAYS_AROUND, e.startRange),
  compensation: optionalText(COMPENSATION_MAX, {
    normalize: normalizeSubject,
    tooLong: e.tooLong(COMPENSATION_MAX),
  }).transform((value) => value || undefined),
});

/**
 * What a move of an application to Interview or Offer asks (decision 0063): the interview's day,
 * or the offer's kind, start and compensation, read by the rules of this page's forms. Each is
 * optional here; the move's schema requires the one its stage needs.
 */
export const moveDetailFields = (today: string) => ({
  interviewDate: optionalDateAround(today, INTERVIEW_DAYS_AROUND, e.dateRange),
  kind: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.enum(OFFER_KINDS, { error: e.kind }).optional()),
  ...offerExtras(today),
});

/** The messages of a move missing its detail: no interview day, no offer kind. */
export const moveDetailErrors = { interviewDate: e.date, kind: e.kind } as const;
export type InterviewsForm = z.infer<ReturnType<typeof interviewsFormSchema>>;
export type InterviewInput = Extract<InterviewsForm, { intent: "interview" }>;
export type OfferInput = Extract<InterviewsForm, { intent: "offer" }>;

const d = deepDiveText.errors;
const id = (message: string) => z.string({ error: message }).min(1, message).max(64, message);
const slot = slotField(d.slot);

/** /portal/deep-dive: book a slot before an interview, move the deep-dive, or cancel it. */
export const deepDiveSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("book"), interviewId: id(d.interview), slot }),
  z.object({ intent: z.literal("reschedule"), bookingId: id(d.notFound), slot }),
  z.object({ intent: z.literal("cancel"), bookingId: id(d.notFound) }),
]);
export type DeepDiveForm = z.infer<typeof deepDiveSchema>;

/** The mentor's or the owner's button on an offer. */
export const confirmOfferSchema = z.object({
  intent: z.literal("confirm_offer"),
  offerId: id(offerConfirmText.notFound),
});
