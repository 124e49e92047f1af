import { portalSignIn } from "./portal.words";
import { z } from "~/lib/zod";

/** The portal's sign-in page: ask for a link, or sign out. */
export const portalSignInSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("send_link"),
    email: z
      .string({ error: portalSignIn.invalidEmail })
      .trim()
      .max(254, portalSignIn.invalidEmail)
      .pipe(z.email(portalSignIn.invalidEmail)),
  }),
  z.object({ intent: z.literal("sign_out") }),
  z.object({ intent: z.literal("sign_out_everywhere") }),
]);
