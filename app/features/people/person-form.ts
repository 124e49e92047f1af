import { consoleText } from "~/content/console";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
import { confirmOfferSchema } from "~/features/outcomes/outcome-forms";
import { withdrawalDecisionForms } from "~/features/withdrawals/withdrawal";
import { normalizeBody, text } from "~/lib/text-fields";
import { z } from "~/lib/zod";

/** A reason as typed: required, trimmed, at most 500 characters. */
const reason = (message: string) => text(message, 500);

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
