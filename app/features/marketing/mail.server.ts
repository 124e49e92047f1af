import type { DB } from "~/db/database.server";
import { marketingFooter } from "./marketing.words";
import type { Config } from "~/env.server";
import { unsubscribeUrl } from "./marketing";
import { renderEmail, type EmailContent } from "~/mail/message";
import { enqueueEmail, type OutboxMessage } from "~/mail/outbox.server";

export interface MarketingRecipient {
  id: string;
  email: string;
  unsubscribe_token: string;
}

/** Who a marketing email is from: the site's address for links, and its postal address. */
export interface MarketingSender {
  publicUrl: string;
  postalAddress: string;
}

/**
 * The sender of marketing email, or null while it may send none: US law (CAN-SPAM) requires a
 * postal address in each, and a public site without MAIL_POSTAL_ADDRESS has none (env.server.ts
 * says so at start). Every marketing job asks this first and queues nothing on null.
 */
export function marketingSender(
  config: Pick<Config, "publicUrl" | "mailPostalAddress">,
): MarketingSender | null {
  return config.mailPostalAddress
    ? { publicUrl: config.publicUrl, postalAddress: config.mailPostalAddress }
    : null;
}

/**
 * A marketing email for one person: the content with the footer that says why they get it and
 * links their unsubscribe page. The worker adds the one-click headers and checks, when it sends,
 * that the person may still get it.
 */
export function marketingMessage(
  sender: MarketingSender,
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
        postalAddress: sender.postalAddress,
        unsubscribeLabel: marketingFooter.unsubscribe,
        unsubscribeUrl: unsubscribeUrl(sender.publicUrl, person.unsubscribe_token),
      },
    }),
  };
}

export async function enqueueMarketing(
  trx: DB,
  sender: MarketingSender,
  person: MarketingRecipient,
  content: EmailContent,
  options: Parameters<typeof marketingMessage>[3],
  now: Date,
) {
  return enqueueEmail(trx, marketingMessage(sender, person, content, options), now);
}
