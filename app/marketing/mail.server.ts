import type { Kysely } from "kysely";
import { marketingFooter } from "~/content/marketing";
import type { Database } from "~/db/schema";
import { unsubscribeUrl } from "~/domain/marketing";
import { renderEmail, type EmailContent } from "~/mail/message";
import { enqueueEmail, type OutboxMessage } from "~/mail/outbox.server";

export interface MarketingRecipient {
  id: string;
  email: string;
  unsubscribe_token: string;
}

/**
 * A marketing email for one person: the content with the footer that says why they get it and
 * links their unsubscribe page. The worker adds the one-click headers and checks, when it sends,
 * that the person may still get it.
 */
export function marketingMessage(
  publicUrl: string,
  person: MarketingRecipient,
  content: EmailContent,
  options: Pick<OutboxMessage, "kind" | "broadcastId" | "dedupeKey" | "sendAfter"> & {
    category: "tips" | "news";
  },
): OutboxMessage {
  return {
    ...options,
    to: person.email,
    personId: person.id,
    ...renderEmail({
      ...content,
      footer: {
        text: marketingFooter.why,
        unsubscribeLabel: marketingFooter.unsubscribe,
        unsubscribeUrl: unsubscribeUrl(publicUrl, person.unsubscribe_token),
      },
    }),
  };
}

export async function enqueueMarketing(
  trx: Kysely<Database>,
  publicUrl: string,
  person: MarketingRecipient,
  content: EmailContent,
  options: Parameters<typeof marketingMessage>[3],
  now: Date,
) {
  return enqueueEmail(trx, marketingMessage(publicUrl, person, content, options), now);
}
