import { outcomesValidation as m } from "./outcomes.words";
import { z } from "~/lib/zod";
import { MAX_THRESHOLD, MIN_THRESHOLD } from "./outcomes";

/** A minimum as typed: a whole number from 0 to 6. */
const threshold = z
  .string({ error: m.threshold(MIN_THRESHOLD, MAX_THRESHOLD) })
  .trim()
  .regex(/^\d{1,2}$/, m.threshold(MIN_THRESHOLD, MAX_THRESHOLD))
  .transform(Number)
  .refine(
    (value) => value >= MIN_THRESHOLD && value <= MAX_THRESHOLD,
    m.threshold(MIN_THRESHOLD, MAX_THRESHOLD),
  );

/** /admin/outcomes: the owner's graduation minimums (one intent today). */
export const outcomesFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("settings"),
    minGroupSessions: threshold,
    minOneOnOnes: threshold,
  }),
]);

export type OutcomesForm = z.output<typeof outcomesFormSchema>;
