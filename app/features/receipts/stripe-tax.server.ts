import type Stripe from "stripe";
import type { Db } from "~/db/database.server";

/**
 * The tax Stripe Tax calculated on a paid Checkout Session, stored on its payment for the receipt
 * (decision 0069). Only a session with automatic tax on has one (STRIPE_AUTOMATIC_TAX): any other
 * leaves the payment's tax_cents null, so a receipt never prints a tax nobody calculated. Called
 * by the webhook after fulfilment, every delivery alike: writing the same number again is harmless.
 */
export async function recordStripeTax(db: Db, session: Stripe.Checkout.Session): Promise<void> {
  const tax = session.total_details?.amount_tax;
  if (!session.automatic_tax?.enabled || typeof tax !== "number") return;
  await db
    .updateTable("payments")
    .set({ tax_cents: tax })
    .where("session_id", "=", session.id)
    .where("provider", "=", "stripe")
    .execute();
}
