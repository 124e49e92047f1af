import { randomUUID } from "node:crypto";
import type { Services } from "~/context";
import type { PaymentProvider, SessionInfo } from "./provider.server";

export const FREE_SESSION_PREFIX = "cs_free_";

/**
 * A seat whose code takes off the whole price (a full scholarship): there is nothing to charge,
 * so no provider page. Its "checkout" is the confirmation page itself, which finds the open hold
 * paid and fulfills it through the same code as a card payment.
 */
export function freeProvider(services: Pick<Services, "db" | "clock" | "config">): PaymentProvider {
  const { db, clock } = services;
  return {
    name: "free",
    checkoutOrigins: [],
    async createCheckout() {
      const id = `${FREE_SESSION_PREFIX}${randomUUID()}`;
      return { id, url: `${services.config.publicUrl}/payment-confirmation?session_id=${id}` };
    },
    async retrieveSession(sessionId): Promise<SessionInfo | null> {
      if (!sessionId.startsWith(FREE_SESSION_PREFIX)) return null;
      const hold = await db
        .selectFrom("seat_holds")
        .select(["id", "status", "email", "amount_cents", "expires_at"])
        .where("session_id", "=", sessionId)
        .where("amount_cents", "=", 0)
        .executeTakeFirst();
      if (!hold) return null;
      const open = hold.status === "held" && hold.expires_at > clock.now().toISOString();
      return {
        id: sessionId,
        state: open || hold.status === "paid" ? "paid" : "expired",
        email: hold.email,
        amountCents: 0,
        holdId: hold.id,
      };
    },
    async refund() {
      // Nothing was charged.
    },
    async cancelPlan() {
      // A full scholarship has no plan.
    },
  };
}

/** The provider that knows a session: the free one for a full scholarship, else the site's. */
export function providerOf(services: Services, sessionId: string): PaymentProvider {
  return sessionId.startsWith(FREE_SESSION_PREFIX) ? freeProvider(services) : services.payments;
}
