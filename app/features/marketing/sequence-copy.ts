import { normalizeBody, normalizeSubject } from "~/lib/text-fields";

/**
 * The words of a nurture email the owner can change: its subject and its body. The body is
 * written as the copy in app/features/marketing/nurture.words.ts is: plain paragraphs, one blank line between two
 * (a single line break stays a line break). It is not Markdown: the emails carry no markup, and
 * what the owner types is shown as typed (HTML escaped). The greeting, the "Apply" button and the
 * sign-off stay the sequence's own.
 */

export const MAX_STEP_SUBJECT = 150;
export const MAX_STEP_BODY = 5000;

/** The words of one step: the stored copy, or the owner's edit laid over it. */
export interface StepCopy {
  subject: string;
  /** The inbox's preview line (hidden in the email); none when the owner rewrote the body. */
  preheader?: string;
  paragraphs: readonly string[];
}

/** An owner's edit as stored: the subject and the body as typed (paragraphs, blank lines). */
export interface StepEdit {
  subject: string;
  body: string;
}

/** The body's paragraphs: split on blank lines, each trimmed, empty ones dropped. */
export function paragraphsOf(body: string): string[] {
  return normalizeBody(body)
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The body the edit form starts from: the paragraphs, a blank line between two. */
export function bodyOf(paragraphs: readonly string[]): string {
  return paragraphs.join("\n\n");
}

/** Whether an edit says exactly what the stored copy says (then there is nothing to keep). */
export function isDefaultCopy(defaults: StepCopy, edit: StepEdit): boolean {
  return (
    normalizeSubject(edit.subject) === defaults.subject &&
    sameParagraphs(paragraphsOf(edit.body), defaults.paragraphs)
  );
}

/**
 * The words a step is sent with: the stored copy, or the owner's edit over it. The preheader
 * belongs to the stored body: an edited body goes without one (inboxes then show its opening
 * words), so the inbox never promises what the email no longer says.
 */
export function stepCopy(defaults: StepCopy, edit: StepEdit | null | undefined): StepCopy {
  if (!edit) return defaults;
  const paragraphs = paragraphsOf(edit.body);
  const subject = normalizeSubject(edit.subject);
  return sameParagraphs(paragraphs, defaults.paragraphs) && defaults.preheader !== undefined
    ? { subject, preheader: defaults.preheader, paragraphs }
    : { subject, paragraphs };
}

function sameParagraphs(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((paragraph, index) => paragraph === b[index]);
}
