import type { Services } from "~/context";
import { chargedAtCheckout } from "./price";

/**
 * The hold behind a checkout session, and whether it can still be paid (the test checkout's
 * page): what it charges now, and on a plan how many payments and what the later ones are.
 */
export async function holdOfSession(services: Services, sessionId: string) {
  const hold = await services.db
    .selectFrom("seat_holds")
    .select([
      "email",
      "status",
      "expires_at",
      "amount_cents",
      "plan_payments",
      "plan_surcharge_cents",
    ])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (!hold) return null;
  const open = hold.status === "held" && hold.expires_at > services.clock.now().toISOString();
  const amountCents = chargedAtCheckout(hold);
  const plan = hold.plan_payments
    ? {
        count: Number(hold.plan_payments),
        laterCents:
          (Number(hold.amount_cents) + Number(hold.plan_surcharge_cents ?? 0) - amountCents) /
          (Number(hold.plan_payments) - 1),
      }
    : null;
  return { email: hold.email ?? "", open, amountCents, plan };
}
