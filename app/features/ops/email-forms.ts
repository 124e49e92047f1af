import { consoleText } from "~/content/console";
import { rowId } from "~/lib/text-fields";
import { z } from "~/lib/zod";

/** The email log: retry a failed email. */
export const emailsFormSchema = z.object({ id: rowId(consoleText.notFound) });
