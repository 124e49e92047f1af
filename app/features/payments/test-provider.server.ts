import { randomUUID } from "node:crypto";
import { chargedAtCheckout } from "~/features/enrollment/price";
import type { DB } from "~/db/database.server";
import type { PaymentProvider, SessionInfo } from "./provider.server";

export const TEST_SESSION_PREFIX = "cs_localtest_";

/**
 * The local test checkout: a page on this site (clearly marked test mode) stands in for the
 * provider's hosted page. Its state is the seat hold itself, and its Pay button drives the same
 * fulfillment code as a real provider's webhook.
 */
export function testProvider(db: DB, publicUrl: string): PaymentProvider {
  return {
    name: "test",
    checkoutOrigins: [],
    async createCheckout() {
      const id = `${TEST_SESSION_PREFIX}${randomUUID()}`;
      return { id, url: `${publicUrl}/checkout/test/${id}` };
    },
    async retrieveSession(sessionId): Promise<SessionInfo | null> {
      if (!sessionId.startsWith(TEST_SESSION_PREFIX)) return null;
      const hold = await db
        .selectFrom("seat_holds")
        .selectAll()
        .where("session_id", "=", sessionId)
        .executeTakeFirst();
      if (!hold) return null;
      const payment = await db
        .selectFrom("payments")
        .select(["email"])
        .where("session_id", "=", sessionId)
        .executeTakeFirst();
      const state =
        hold.status === "paid" || payment ? "paid" : hold.status === "held" ? "open" : "expired";
      return {
        id: sessionId,
        state,
        email: payment?.email ?? hold.email,
        amountCents: chargedAtCheckout(hold),
        holdId: hold.id,
      };
    },
    async refund() {
      // Nothing was charged in test mode; the payment row records the refund.
    },
    async cancelPlan() {
      // The plan's instalments are the test provider's whole state: they are cancelled in the database.
    },
  };
}
