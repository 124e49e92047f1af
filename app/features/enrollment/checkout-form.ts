import { z } from "~/lib/zod";
import { email } from "~/lib/person-fields";

/** The test checkout's form: pay with an address, or cancel (which frees the held seat). */
export const TestCheckoutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay"), email }),
  z.object({ intent: z.literal("cancel") }),
]);
