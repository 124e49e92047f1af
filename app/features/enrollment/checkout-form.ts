import { z } from "~/lib/zod";
import { email } from "~/lib/person-fields";
import { enrollCodeSchema } from "~/features/discounts/codes";

/** /enroll's post: the code applied, if any, and pay in full or the owner's payment plan. */
export const enrollFormSchema = enrollCodeSchema.extend({
  pay: z.enum(["full", "plan"]).optional(),
});

/** The test checkout's form: pay with an address, or cancel (which frees the held seat). */
export const TestCheckoutSchema = z.discriminatedUnion("intent", [
  // `cardFails`: test mode only, a plan whose later payments fail (the dunning path).
  z.object({ intent: z.literal("pay"), email, cardFails: z.literal("on").optional() }),
  z.object({ intent: z.literal("cancel") }),
]);
