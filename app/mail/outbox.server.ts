import type { Db } from "~/db/database.server";
import { randomUUID } from "node:crypto";
import type { MailCategory } from "~/db/schema";
import type { RenderedEmail } from "./message";

export interface OutboxMessage extends RenderedEmail {
  kind: string;
  to: string;
  personId: string | null;
  /** Not before this time (for example the onboarding email a day after payment). */
  sendAfter?: Date;
  /** Marketing (`tips`, `news`) goes only to people who may get it; transactional by default. */
  category?: MailCategory;
  /** An iCalendar invite to send with it (the text of a VCALENDAR with its METHOD). */
  calendar?: string;
  broadcastId?: string;
  /** When set, a second message with the same key is not queued (see enqueueEmail). */
  dedupeKey?: string;
}

/** Queues an email inside the caller's transaction, so it exists exactly when the change does. */
export async function enqueueEmail(trx: Db, message: OutboxMessage, now: Date) {
  const id = randomUUID();
  await trx
    .insertInto("outbox")
    .values({
      id,
      kind: message.kind,
      person_id: message.personId,
      to_address: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      category: message.category ?? "transactional",
      calendar: message.calendar ?? null,
      broadcast_id: message.broadcastId ?? null,
      dedupe_key: message.dedupeKey ?? null,
      status: "pending",
      attempts: 0,
      last_error: null,
      send_after: (message.sendAfter ?? now).toISOString(),
      locked_until: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    // The same logical email (a broadcast to one person, a sequence step) is queued once.
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
  return id;
}
