import { z } from "~/lib/zod";
import { loginValidation } from "./admin-login.words";

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt takes any length; the cap only keeps absurd bodies from costing work. */
export const MAX_PASSWORD_LENGTH = 1024;

/** The admin login form, for the browser and the server. */
export const loginSchema = z.object({
  email: z
    .string({ error: loginValidation.email })
    .trim()
    .min(1, loginValidation.email)
    .max(254, loginValidation.tooLong)
    .pipe(z.email(loginValidation.emailFormat)),
  password: z
    .string({ error: loginValidation.password })
    .min(1, loginValidation.password)
    .max(MAX_PASSWORD_LENGTH, loginValidation.tooLong),
});
