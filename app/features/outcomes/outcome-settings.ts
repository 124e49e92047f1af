import { outcomesValidation as m } from "./outcomes.words";
import { z } from "~/lib/zod";
import { MAX_ASSIGNMENTS, MAX_THRESHOLD, MIN_THRESHOLD } from "./outcomes";

/** A minimum as typed: a whole number from 0 to `max`. */
const threshold = (max: number) =>
  z
    .string({ error: m.threshold(MIN_THRESHOLD, max) })
    .trim()
    .regex(/^\d{1,2}$/, m.threshold(MIN_THRESHOLD, max))
    .transform(Number)
    .refine((value) => value >= MIN_THRESHOLD && value <= max, m.threshold(MIN_THRESHOLD, max));

/** /admin/outcomes: the owner's graduation minimums (one intent today). */
export const outcomesFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("settings"),
    minGroupSessions: threshold(MAX_THRESHOLD),
    minOneOnOnes: threshold(MAX_THRESHOLD),
    minAssignments: threshold(MAX_ASSIGNMENTS),
  }),
]);

export type OutcomesForm = z.output<typeof outcomesFormSchema>;
