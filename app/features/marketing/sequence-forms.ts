import { sequenceStepConsole } from "./broadcasts.words";
import { consoleText } from "~/content/console";
import { leadMagnets } from "~/features/leads/lead-magnets.words";
import { normalizeBody, normalizeSubject, text } from "~/lib/text-fields";
import { z } from "~/lib/zod";
import { MAX_STEP_BODY, MAX_STEP_SUBJECT } from "./sequence-copy";

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
