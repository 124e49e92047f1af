import type { DB } from "~/db/database.server";
import type { EmailContent } from "./message";

/** What a renderer may read besides the database. */
interface SendTimeConfig {
  /** PUBLIC_URL, for the links in the email. */
  publicUrl: string;
  now: Date;
}

/** The row being sent: whom it is for. */
interface SendTimeRow {
  personId: string | null;
  to: string;
}

/**
 * The email to send, and (when it must not be kept as sent: a one-time sign-in link) the words
 * the outbox keeps instead.
 */
interface AtSend {
  content: EmailContent;
  kept?: EmailContent;
}

/**
 * Renders an email of one kind as things are now; null when it no longer applies (the worker
 * then drops the row as `suppressed` and sends nothing).
 */
export type RenderAtSend = (
  db: DB,
  row: SendTimeRow,
  config: SendTimeConfig,
) => Promise<AtSend | null>;

/**
 * The kinds of email whose words are read when they are sent, not when they were queued
 * (decision 0040): facts in them can change while they wait (a start date set, a mentor
 * assigned), or they carry a secret the database must never hold (the portal's one-time sign-in
 * link: made as the email goes, kept only as a hash). The outbox row keeps its kind and person;
 * the mail worker calls the kind's renderer right before it sends the row and stores what it
 * sent (or the `kept` words). Every other kind goes as queued. The features own the renderers;
 * the composition root (app/services.server.ts) hands them to the worker.
 */
export type RenderersAtSend = Readonly<Partial<Record<string, RenderAtSend>>>;

/** The renderer of a kind, if it is rendered at send (own keys only: no "toString" surprises). */
export function rendererOf(renderers: RenderersAtSend, kind: string): RenderAtSend | undefined {
  return Object.hasOwn(renderers, kind) ? renderers[kind] : undefined;
}
