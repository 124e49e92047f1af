import { validation } from "~/content/forms";
import { z } from "./zod";

/**
 * The one rule for text typed into a form, shared by every schema: read as typed, normalised
 * (trimmed by default), then measured. The normalising is an `overwrite` of the string itself,
 * never a transform piped into a second `z.string()`: Conform's coercion strips an empty string
 * to nothing at every string schema it meets, pipes included, so a blank-only value trimmed to ''
 * inside a pipe would reach a schema without the form's words and answer Zod's own English
 * ("Invalid input: expected string, received undefined").
 */
export interface TextOptions {
  /**
   * How the typed text is kept: trimmed (the default), one line (`normalizeSubject`) or a box's
   * line breaks as LF (`normalizeBody`).
   */
  normalize?: (value: string) => string;
  /** The message past `max` characters (default: the site's "too long"). */
  tooLong?: string;
}

const trim = (value: string) => value.trim();

/** Required text: missing, empty or only spaces all answer `required`. */
export function text(required: string, max: number, options: TextOptions = {}) {
  return z
    .string({ error: required })
    .overwrite(options.normalize ?? trim)
    .min(1, required)
    .max(max, options.tooLong ?? validation.tooLong(max));
}

/** Optional text: '' (or only spaces) once normalised, or nothing at all. */
export function optionalText(max: number, options: TextOptions = {}) {
  return z
    .string()
    .overwrite(options.normalize ?? trim)
    .max(max, options.tooLong ?? validation.tooLong(max))
    .optional();
}

/** Line breaks as the browser's textarea holds them (a posted form sends CR LF). */
export function normalizeBody(body: string): string {
  return body.replace(/\r\n?/g, "\n").trim();
}

/** A subject is one line: any run of whitespace (a pasted line break) is one space. */
export function normalizeSubject(subject: string): string {
  return subject.replace(/\s+/g, " ").trim();
}

/** The id of the row a button acts on, from a hidden input. */
export const rowId = (message: string) => z.string({ error: message }).min(1, message);
