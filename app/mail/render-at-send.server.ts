import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { onboardingEmail } from "~/enrollment/onboarding.server";
import type { EmailContent } from "./message";

/** What a renderer may read besides the database. */
export interface SendTimeConfig {
  /** PUBLIC_URL, for the links in the email. */
  publicUrl: string;
}

/**
 * Renders an email of one kind for one person as things are now; null when it no longer applies
 * (the worker then drops the row as `suppressed` and sends nothing).
 */
export type RenderAtSend = (
  db: Kysely<Database>,
  personId: string,
  config: SendTimeConfig,
) => Promise<EmailContent | null>;

/**
 * The kinds of email whose words are read when they are sent, not when they were queued
 * (decision 0040): facts in them can change while they wait (a start date set, a mentor
 * assigned). The outbox row keeps its kind and person; the mail worker calls the kind's renderer
 * right before it sends the row and stores what it sent. Every other kind goes as queued.
 */
export const renderAtSend: Readonly<Partial<Record<string, RenderAtSend>>> = {
  enrollment_onboarding: onboardingEmail,
};

/** The renderer of a kind, if it is rendered at send (own keys only: no "toString" surprises). */
export function rendererOf(kind: string): RenderAtSend | undefined {
  return Object.hasOwn(renderAtSend, kind) ? renderAtSend[kind] : undefined;
}
