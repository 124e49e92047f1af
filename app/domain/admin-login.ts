import { z } from "~/lib/zod";
import { adminValidation } from "~/features/cohort/cohort-settings.words";

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt takes any length; the cap only keeps absurd bodies from costing work. */
export const MAX_PASSWORD_LENGTH = 1024;

/** The admin login form, for the browser and the server. */
export const loginSchema = z.object({
  email: z
    .string({ error: adminValidation.email })
    .trim()
    .min(1, adminValidation.email)
    .max(254, adminValidation.tooLong)
    .pipe(z.email(adminValidation.emailFormat)),
  password: z
    .string({ error: adminValidation.password })
    .min(1, adminValidation.password)
    .max(MAX_PASSWORD_LENGTH, adminValidation.tooLong),
});
