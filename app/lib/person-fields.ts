import { z } from "./zod";
import { validation } from "~/content/forms";
import { text } from "./text-fields";

// Field rules shared by every form that collects a person (application and lead forms).

/**
 * Exactly four digits and not earlier than `earliestYear`, the year in force (the cohort's
 * setting, else the current year: app/features/cohort/graduation-year.ts).
 */
export function graduationYear(earliestYear: number) {
  const message = validation.graduationYear(earliestYear);
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}$/, message)
    .refine((year) => Number(year) >= earliestYear, message);
}

export const email = z
  .string({ error: validation.email })
  .trim()
  .max(254, validation.email)
  .pipe(z.email(validation.email))
  .transform((value) => value.toLowerCase());

/**
 * A web address where a name belongs: the name is the greeting of the email this form sends, and
 * the address typed in the form is not proven to be the visitor's, so a name must not carry a
 * link into someone else's inbox.
 */
export const LINK_IN_NAME =
  /https?:|www\.|:\/\/|\b[a-z0-9-]+\.(?:com|net|org|io|co|ru|cn|xyz|info|biz|me|link|click|top|app|dev|ly|gg|to)\b/i;

function name(message: string) {
  return text(message, 100).refine((value) => !LINK_IN_NAME.test(value), validation.nameLink);
}

/** `earliestYear`: the earliest graduation year accepted, the year in force. */
export function personFields(earliestYear: number) {
  return {
    firstName: name(validation.firstName),
    lastName: name(validation.lastName),
    email,
    university: text(validation.university, 200),
    graduationYear: graduationYear(earliestYear),
    /** The unticked "career tips" box: only "yes" or nothing (app/features/marketing/marketing.ts). */
    marketingConsent: z.enum(["yes"], { error: validation.marketingConsent }).optional(),
    /** Which consent the form showed (the box, or the notice): only what was shown counts. */
    consentShown: z.enum(["opt-in", "notice"], { error: validation.marketingConsent }).optional(),
  };
}

/** Emails identify a person across every flow. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
