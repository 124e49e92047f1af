import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { hasSeatToHold, isSoldOut } from "~/domain/cohort";
import { COHORT_ID, getCohort, toSettings } from "~/cohort/cohort.server";
import type { Database } from "~/db/schema";
import type { Engine } from "~/db/migrations.server";
import { log, errorMessage } from "~/lib/logger.server";
import type { PaymentProvider } from "~/payments/provider.server";
import type { Services } from "~/services.server";

type Trx = Transaction<Database>;

/** Stripe wants a session to live at least 30 minutes; the hold outlives it by a grace period. */
export const CHECKOUT_MINUTES = 31;
export const HOLD_GRACE_MINUTES = 5;

/**
 * Reads the cohort row for the rest of the transaction. PostgreSQL locks the row so concurrent
 * checkouts and fulfilments queue behind each other; SQLite transactions already run one at a time.
 */
export async function lockCohort(trx: Trx, engine: Engine) {
  let query = trx.selectFrom("cohort").selectAll().where("id", "=", COHORT_ID);
  if (engine === "postgres") query = query.forUpdate();
  return toSettings(await query.executeTakeFirstOrThrow());
}

/** Seats reserved by checkouts that are still open (held and not yet expired). */
export async function countHeldSeats(
  db: Kysely<Database>,
  nowIso: string,
  exceptHoldId?: string,
): Promise<number> {
  let query = db
    .selectFrom("seat_holds")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "held")
    .where("expires_at", ">", nowIso);
  if (exceptHoldId) query = query.where("id", "!=", exceptHoldId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * `full`: every seat is paid for (or enrolment is closed). `held`: the last seats are held in
 * other people's open checkouts, which may still expire.
 */
export type CheckoutStart = { kind: "redirect"; url: string } | { kind: "full" } | { kind: "held" };

export interface Buyer {
  personId: string | null;
  email: string | null;
  visitorId: string | null;
}

/**
 * Takes a seat hold atomically (paid + active holds < capacity), then opens the provider's
 * checkout. A buyer holds at most one seat: starting again (Back from the checkout, a second tab)
 * releases their earlier hold in the same transaction.
 */
export async function startCheckout(
  services: Services,
  provider: PaymentProvider,
  buyer: Buyer,
): Promise<CheckoutStart> {
  const now = services.clock.now();
  await getCohort(services.db, now);
  const sessionExpiresAt = new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
  const holdExpiresAt = new Date(sessionExpiresAt.getTime() + HOLD_GRACE_MINUTES * 60_000);

  const taken = await services.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, services.engine);
    if (isSoldOut(cohort)) return { kind: "full" as const };
    if (buyer.personId || buyer.visitorId) {
      await trx
        .updateTable("seat_holds")
        .set({ status: "released", updated_at: now.toISOString() })
        .where("status", "=", "held")
        .where((eb) =>
          eb.or([
            ...(buyer.personId ? [eb("person_id", "=", buyer.personId)] : []),
            ...(buyer.visitorId ? [eb("visitor_id", "=", buyer.visitorId)] : []),
          ]),
        )
        .execute();
    }
    const held = await countHeldSeats(trx, now.toISOString());
    if (!hasSeatToHold(cohort, held)) return { kind: "held" as const };
    const id = randomUUID();
    await trx
      .insertInto("seat_holds")
      .values({
        id,
        person_id: buyer.personId,
        visitor_id: buyer.visitorId,
        email: buyer.email,
        status: "held",
        provider: provider.name,
        session_id: null,
        expires_at: holdExpiresAt.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    return { kind: "hold" as const, id };
  });
  if (taken.kind !== "hold") return taken;
  const holdId = taken.id;

  const { publicUrl } = services.config;
  try {
    const session = await provider.createCheckout({
      holdId,
      personId: buyer.personId,
      email: buyer.email,
      expiresAt: sessionExpiresAt,
      successUrl: `${publicUrl}/payment-confirmation?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/enroll`,
    });
    await services.db
      .updateTable("seat_holds")
      .set({ session_id: session.id, updated_at: now.toISOString() })
      .where("id", "=", holdId)
      .execute();
    return { kind: "redirect", url: session.url };
  } catch (error) {
    log.error("checkout could not start", { error: errorMessage(error) });
    await releaseHold(services, { holdId }, "released");
    throw error;
  }
}

/** Frees a held seat: the session expired or the buyer cancelled. Paid holds are never touched. */
export async function releaseHold(
  services: Services,
  by: { holdId: string } | { sessionId: string },
  status: "expired" | "released",
  eventId?: { id: string; type: string },
): Promise<boolean> {
  const nowIso = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    if (eventId && !(await recordEvent(trx, eventId, nowIso))) return false;
    let update = trx
      .updateTable("seat_holds")
      .set({ status, updated_at: nowIso })
      .where("status", "=", "held");
    update =
      "holdId" in by
        ? update.where("id", "=", by.holdId)
        : update.where("session_id", "=", by.sessionId);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** Records a provider event id; false when it was seen before (a replay). */
export async function recordEvent(
  trx: Trx,
  event: { id: string; type: string },
  nowIso: string,
): Promise<boolean> {
  const result = await trx
    .insertInto("webhook_events")
    .values({ id: event.id, type: event.type, received_at: nowIso })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
