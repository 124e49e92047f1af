import { z } from "~/lib/zod";
import { validation } from "~/content/forms";

/** Field rules shared by every form that collects a person (application and lead forms). */
export function text(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, validation.tooLong(max));
}

export function optionalText(max: number) {
  return z.string().trim().max(max, validation.tooLong(max)).optional();
}

/** Exactly four digits and not earlier than the current year. */
export function graduationYear(currentYear: number) {
  const message = validation.graduationYear(currentYear);
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}$/, message)
    .refine((year) => Number(year) >= currentYear, message);
}

export const email = z
  .string({ error: validation.email })
  .trim()
  .max(254, validation.email)
  .pipe(z.email(validation.email))
  .transform((value) => value.toLowerCase());

export function personFields(currentYear: number) {
  return {
    firstName: text(validation.firstName, 100),
    lastName: text(validation.lastName, 100),
    email,
    university: text(validation.university, 200),
    graduationYear: graduationYear(currentYear),
  };
}

/** Emails identify a person across every flow. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
