import { cohortConsole } from "~/features/cohort/cohorts.words";
import { sequenceStepConsole } from "~/content/broadcasts";
import { consoleText } from "~/content/console";
import { mentoringConsole } from "~/features/portal/portal-console.words";
import { validation } from "~/content/forms";
import { leadMagnets } from "~/features/leads/lead-magnets.words";
import { z } from "~/lib/zod";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
import { isCalendarDate } from "~/features/cohort/cohort";
import { loginSchema } from "~/features/accounts/admin-login";
import { MAX_STEP_BODY, MAX_STEP_SUBJECT, normalizeBody, normalizeSubject } from "./sequence-copy";
import { cohortSettingsSchema, newCohortSchema } from "~/features/cohort/cohort-settings";
import { text } from "~/lib/text-fields";
import { withdrawalDecisionForms } from "~/features/withdrawals/withdrawal";
import { confirmOfferSchema } from "~/features/outcomes/outcome-forms";

/** The forms of the owner's console, one schema a page, each intent one member of its union. */

const MAX_REASON = 500;

/** A reason as typed: required, with the page's message when it is missing or blank. */
const reason = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(MAX_REASON, validation.tooLong(MAX_REASON));

/** The id of the row a button acts on, from a hidden input. */
const rowId = (message: string) => z.string({ error: message }).min(1, message);

export const MAX_REPLY = 5000;
export const MAX_NOTE = 2000;

/**
 * Text typed into a box: required, bounded, its line breaks as the textarea holds them (a posted
 * form sends CR LF, which would count twice against the browser's maxLength).
 */
const message = (required: string, max: number) =>
  text(required, max, { normalize: normalizeBody });

/**
 * A person's page: reply by email, add a private note, send the enrollment link, offer a seat,
 * change the status, refund the enrollment, clear a bounce, erase, decide a request to leave,
 * confirm an offer.
 */
export const personFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("reply"),
    message: message(consoleText.person.replyRequired, MAX_REPLY),
  }),
  z.object({ intent: z.literal("note"), body: message(consoleText.person.noteRequired, MAX_NOTE) }),
  z.object({ intent: z.literal("send_link") }),
  z.object({ intent: z.literal("offer_seat") }),
  z.object({
    intent: z.literal("status"),
    status: z.enum(PERSON_STATUSES),
    reason: reason(consoleText.statusReasonRequired),
  }),
  z.object({
    intent: z.literal("refund"),
    reason: reason(cohortConsole.refundReasonRequired),
    /** Money goes back only from the confirmation step, which sends "yes". */
    confirm: z.literal("yes").optional(),
  }),
  z.object({ intent: z.literal("clear_undeliverable") }),
  z.object({ intent: z.literal("end_sessions") }),
  z.object({
    intent: z.literal("erase"),
    confirm: z.literal("ERASE", { error: consoleText.person.eraseMismatch }),
  }),
  // Approve or decline a request to leave the programme (app/features/withdrawals/withdrawal.ts).
  ...withdrawalDecisionForms,
  confirmOfferSchema,
]);

/** The cohorts page: create the next cohort, or make one current. */
export const cohortsFormSchema = z.discriminatedUnion("intent", [
  newCohortSchema.extend({ intent: z.literal("create") }),
  z.object({ intent: z.literal("make_current"), id: rowId(consoleText.notFound) }),
]);

const queueEntry = rowId(cohortConsole.notWaiting);

/**
 * One cohort's page: move a seat-queue entry up, offer it a seat, or remove it; move a paid
 * student (a person id) to another mentor.
 */
export const seatQueueFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move_up"), id: queueEntry }),
  z.object({ intent: z.literal("offer"), id: queueEntry }),
  z.object({ intent: z.literal("remove"), id: queueEntry }),
  z.object({
    intent: z.literal("move_mentor"),
    student: rowId(mentoringConsole.studentRequired).max(100, mentoringConsole.notStudent),
    mentor: rowId(mentoringConsole.mentorRequired).max(100, mentoringConsole.noSuchMentor),
  }),
]);

const upload = rowId(consoleText.notFound);

/** The resume queue: schedule a review for a date, cancel it, or mark it reviewed. */
export const resumesFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("schedule"),
    id: upload,
    date: z
      .string({ error: consoleText.invalidDate })
      .refine(isCalendarDate, consoleText.invalidDate),
  }),
  z.object({ intent: z.literal("cancel"), id: upload }),
  z.object({ intent: z.literal("reviewed"), id: upload }),
]);

/** The email log: retry a failed email. */
export const emailsFormSchema = z.object({ id: rowId(consoleText.notFound) });

const sequence = z.enum(Object.keys(leadMagnets) as [keyof typeof leadMagnets], {
  error: consoleText.notFound,
});

/** The nurture sequences: pause or resume one. */
export const sequencesFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pause"), sequence }),
  z.object({ intent: z.literal("resume"), sequence }),
]);

/**
 * One sequence email: save its subject and body over the site's words, or reset it to them. Both
 * are measured as the email will hold them (a subject on one line, the body's line breaks as LF).
 */
export const sequenceStepFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    subject: text(sequenceStepConsole.subjectRequired, MAX_STEP_SUBJECT, {
      normalize: normalizeSubject,
    }),
    body: text(sequenceStepConsole.bodyRequired, MAX_STEP_BODY, { normalize: normalizeBody }),
  }),
  z.object({ intent: z.literal("reset") }),
]);

/**
 * The sign-in page is also the settings page: sign in, sign out, save the current cohort (in the
 * year `currentYear`, which bounds the earliest graduation year).
 */
export const cohortSettingsFormSchema = (currentYear: number) =>
  z.discriminatedUnion("intent", [
    loginSchema.extend({ intent: z.literal("login") }),
    z.object({ intent: z.literal("logout") }),
    cohortSettingsSchema(currentYear).extend({ intent: z.literal("save") }),
  ]);
