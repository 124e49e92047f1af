import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/schema";
import type { RenderedEmail } from "./message";

export interface OutboxMessage extends RenderedEmail {
  kind: string;
  to: string;
  personId: string | null;
  /** Not before this time (for example the onboarding email a day after payment). */
  sendAfter?: Date;
}

/** Queues an email inside the caller's transaction, so it exists exactly when the change does. */
export async function enqueueEmail(
  trx: Transaction<Database> | Kysely<Database>,
  message: OutboxMessage,
  now: Date,
) {
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
      status: "pending",
      attempts: 0,
      last_error: null,
      send_after: (message.sendAfter ?? now).toISOString(),
      locked_until: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .execute();
  return id;
}
