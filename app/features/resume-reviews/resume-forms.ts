import { consoleText } from "~/content/console";
import { isCalendarDate } from "~/lib/calendar-date";
import { rowId } from "~/lib/text-fields";
import { z } from "~/lib/zod";

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
