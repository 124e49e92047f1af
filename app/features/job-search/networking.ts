/**
 * Weekly targets and networking conversations (issue 47, item 4), pure: how a conversation can
 * happen, the bounds on what a student stores, and the forms' rules (the student's log on
 * /portal/networking, the mentor's targets on /portal/mentor/students/:id). No I/O.
 */
import { z } from "~/lib/zod";
import { normalizeBody, normalizeSubject, optionalText, rowId, text } from "~/lib/text-fields";
import { isCalendarDate } from "~/lib/calendar-date";
import { inJobSearchYears } from "./job-search-forms";
import { networkingText } from "./networking.words";

/** How a conversation happened, in the order the form offers them. */
export const CONVERSATION_KINDS = [
  "coffee_chat",
  "call",
  "video",
  "email",
  "event",
  "linkedin",
  "other",
] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** Conversations one student may keep. */
export const MAX_CONVERSATIONS = 500;
/** A weekly target is a whole number from 0 to MAX_TARGET. */
export const MAX_TARGET = 50;
export const CONVERSATION_BOUNDS = { personName: 120, firm: 120, notes: 1000 } as const;

const e = networkingText.errors;

const line = (required: string, max: number) =>
  text(required, max, { normalize: normalizeSubject, tooLong: e.tooLong(max) });

const date = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => isCalendarDate(value) && inJobSearchYears(value), message);

/** What a conversation says, as the add form posts it. */
const conversationFields = z.object({
  personName: line(e.personName, CONVERSATION_BOUNDS.personName),
  firm: line(e.firm, CONVERSATION_BOUNDS.firm),
  date: date(e.date),
  how: z.enum(CONVERSATION_KINDS, { error: e.how }),
  followUp: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (isCalendarDate(value) && inJobSearchYears(value)), e.followUp)
    .transform((value) => value || null),
  notes: optionalText(CONVERSATION_BOUNDS.notes, {
    normalize: normalizeBody,
    tooLong: e.tooLong(CONVERSATION_BOUNDS.notes),
  }).transform((value) => value || null),
});
export type ConversationFields = z.infer<typeof conversationFields>;

/** /portal/networking: log a conversation, or delete one of the student's own. */
export const networkingSchema = z.discriminatedUnion("intent", [
  conversationFields
    .extend({ intent: z.literal("add") })
    .refine((c) => c.followUp === null || c.followUp >= c.date, {
      message: e.followUpBefore,
      path: ["followUp"],
    }),
  z.object({ intent: z.literal("delete"), id: rowId(e.notFound) }),
]);

/** A target as typed: a whole number from 0 to MAX_TARGET. */
const target = z
  .string({ error: e.target(MAX_TARGET) })
  .trim()
  .regex(/^\d{1,2}$/, e.target(MAX_TARGET))
  .transform(Number)
  .refine((value) => value <= MAX_TARGET, e.target(MAX_TARGET));

/** The mentor's weekly targets for one of their students. */
export const targetsSchema = z.object({
  intent: z.literal("targets"),
  applicationsPerWeek: target,
  conversationsPerWeek: target,
});
export type TargetsInput = z.infer<typeof targetsSchema>;
