import type { DB, Trx } from "~/db/database.server";
import { randomUUID } from "node:crypto";
import { hasSeatToHold, isSoldOut } from "~/features/cohort/cohort";
import {
  getCohort,
  readCohortSafely,
  toCohort,
  type Cohort,
} from "~/features/cohort/cohort.server";
import type { Engine } from "~/db/migrations.server";
import { log, errorMessage } from "~/lib/logger.server";
import type { PaymentProvider } from "~/features/payments/provider.server";
import type { Services } from "~/context";
import { recordEvent } from "./provider-events.server";
import { takesSeat } from "./seat-queries.server";
import { planPrice, seatPrice } from "./price";
import { checkCode } from "~/features/discounts/codes.server";
import type { CodeRefusal } from "~/features/discounts/codes";
import { freeProvider } from "~/features/payments/free-provider.server";
import { readPlanSettings } from "~/features/payment-plans/plan-settings.server";
import { termsOf } from "~/features/payment-plans/plan-rules";

/** The checkout page closes this long before its seat hold ends (a grace for late redirects). */
export const HOLD_GRACE_MINUTES = 5;

/**
 * Reads a cohort row (the current one unless an id is given) for the rest of the transaction.
 * PostgreSQL locks the row so concurrent checkouts, fulfillments, offers and capacity changes queue
 * behind each other; SQLite transactions already run one at a time.
 */
export async function lockCohort(trx: Trx, engine: Engine, cohortId?: string): Promise<Cohort> {
  let query = trx.selectFrom("cohorts").selectAll();
  query = cohortId ? query.where("id", "=", cohortId) : query.where("is_current", "=", 1);
  if (engine === "postgres") query = query.forUpdate();
  return toCohort(await query.executeTakeFirstOrThrow());
}

/**
 * Seats of a cohort reserved by open checkouts and open seat offers (held, not yet expired): all
 * of them, all but one hold (`exceptHoldId`), or only those of one buyer (`heldBy`).
 */
export async function countHeldSeats(
  db: DB,
  cohortId: string,
  nowIso: string,
  options: {
    exceptHoldId?: string;
    heldBy?: { personId: string | null; visitorId: string | null };
  } = {},
): Promise<number> {
  const { exceptHoldId, heldBy } = options;
  let query = db
    .selectFrom("seat_holds")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("cohort_id", "=", cohortId)
    .where(takesSeat(nowIso));
  if (exceptHoldId) query = query.where("id", "!=", exceptHoldId);
  if (heldBy) {
    query = query.where((eb) =>
      eb.or([
        ...(heldBy.personId ? [eb("person_id", "=", heldBy.personId)] : []),
        ...(heldBy.visitorId ? [eb("visitor_id", "=", heldBy.visitorId)] : []),
      ]),
    );
  }
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The person's open seat offer in a cohort, if they have one. */
export function liveOffer(db: DB, cohortId: string, personId: string, nowIso: string) {
  return db
    .selectFrom("seat_holds")
    .selectAll()
    .where("cohort_id", "=", cohortId)
    .where("person_id", "=", personId)
    .where("kind", "=", "offer")
    .where("status", "=", "held")
    .where("expires_at", ">", nowIso)
    .executeTakeFirst();
}

/**
 * The current cohort when it has a seat for this buyer (their own open checkout or offer counts as
 * theirs), or null when every seat is paid for, held or offered to someone else, or enrollment is
 * closed, or the cohort cannot be read.
 */
export async function cohortWithSeatFor(
  services: Services,
  buyer: { personId: string | null; visitorId: string | null },
): Promise<Cohort | null> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const cohort = await readCohortSafely(services.db, now);
  if (!cohort) return null;
  const held = await countHeldSeats(services.db, cohort.id, nowIso);
  const own =
    buyer.personId || buyer.visitorId
      ? await countHeldSeats(services.db, cohort.id, nowIso, { heldBy: buyer })
      : 0;
  return hasSeatToHold(cohort, held - own) ? cohort : null;
}

/**
 * `full`: every seat is paid for (or enrollment is closed). `held`: the last seats are held in
 * other people's open checkouts or offers, which may still expire.
 */
export type CheckoutStart =
  | { kind: "redirect"; url: string }
  | { kind: "full" }
  | { kind: "held" }
  /** The buyer chose the payment plan, and there is none for this price (or no longer). */
  | { kind: "no_plan" }
  | { kind: "code"; reason: CodeRefusal };

export interface Buyer {
  personId: string | null;
  email: string | null;
  visitorId: string | null;
  /** The promo code, scholarship or referral code they typed, if any. */
  code?: string;
  /** They chose the owner's payment plan over paying in full. */
  plan?: boolean;
}

/**
 * Takes a seat hold atomically (paid + active holds and offers < capacity), then opens the
 * provider's checkout. A buyer holds at most one seat: starting again (Back from the checkout, a
 * second tab) releases their earlier checkout in the same transaction. A buyer with an open seat
 * offer checks out on the offered seat: the offer moves to a new hold row for this checkout (each
 * checkout session keeps its own row) and keeps its own end, or the checkout's if that is later.
 */
export async function startCheckout(
  services: Services,
  provider: PaymentProvider,
  buyer: Buyer,
): Promise<CheckoutStart> {
  const now = services.clock.now();
  await getCohort(services.db, now);
  const nowIso = now.toISOString();
  const holdMinutes = services.config.seats.holdMinutes;
  const holdExpiresAt = new Date(now.getTime() + holdMinutes * 60_000);
  const sessionExpiresAt = new Date(holdExpiresAt.getTime() - HOLD_GRACE_MINUTES * 60_000);
  const terms = buyer.plan ? termsOf(await readPlanSettings(services.db)) : null;

  const taken = await services.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, services.engine);
    if (isSoldOut(cohort)) return { kind: "full" as const };
    const offer = buyer.personId
      ? await liveOffer(trx, cohort.id, buyer.personId, nowIso)
      : undefined;
    if (buyer.personId || buyer.visitorId) {
      await trx
        .updateTable("seat_holds")
        .set({ status: "released", offer_token_hash: null, updated_at: nowIso })
        .where("status", "=", "held")
        .where((eb) =>
          eb.or([
            ...(offer ? [eb("id", "=", offer.id)] : []),
            eb.and([
              eb("kind", "=", "checkout"),
              eb.or([
                ...(buyer.personId ? [eb("person_id", "=", buyer.personId)] : []),
                ...(buyer.visitorId ? [eb("visitor_id", "=", buyer.visitorId)] : []),
              ]),
            ]),
          ]),
        )
        .execute();
    }
    if (!offer && !hasSeatToHold(cohort, await countHeldSeats(trx, cohort.id, nowIso))) {
      return { kind: "held" as const };
    }
    // The code's last use is decided under the cohort's lock (and the code's own), like the seat.
    const coded = buyer.code ? await codeFor(trx, buyer, cohort.id, nowIso, services.engine) : null;
    if (coded?.kind === "refused") return { kind: "code" as const, reason: coded.reason };
    const price = coded?.price ?? seatPrice();
    const plan = buyer.plan ? planPrice(price, terms) : null;
    if (buyer.plan && !plan) return { kind: "no_plan" as const };
    const payWith = price.dueCents === 0 ? freeProvider(services) : provider;
    const id = randomUUID();
    const expiresAt =
      offer && offer.expires_at > holdExpiresAt.toISOString()
        ? offer.expires_at
        : holdExpiresAt.toISOString();
    await trx
      .insertInto("seat_holds")
      .values({
        id,
        cohort_id: cohort.id,
        kind: offer ? "offer" : "checkout",
        offer_token_hash: offer?.offer_token_hash ?? null,
        person_id: buyer.personId,
        visitor_id: buyer.visitorId,
        email: buyer.email,
        status: "held",
        provider: payWith.name,
        session_id: null,
        expires_at: expiresAt,
        created_at: nowIso,
        updated_at: nowIso,
        promo_code_id: coded?.code.id ?? null,
        amount_cents: price.dueCents,
        plan_payments: plan?.count ?? null,
        plan_surcharge_cents: plan?.surchargeCents ?? null,
      })
      .execute();
    if (offer) {
      await trx
        .updateTable("waitlist_entries")
        .set({ hold_id: id, updated_at: nowIso })
        .where("hold_id", "=", offer.id)
        .execute();
    }
    return { kind: "hold" as const, id, price, plan, payWith };
  });
  if (taken.kind !== "hold") return taken;
  const { id: holdId, price, plan, payWith } = taken;

  const { publicUrl } = services.config;
  try {
    const session = await payWith.createCheckout({
      holdId,
      amountCents: plan ? plan.instalments[0]! : price.dueCents,
      plan: plan ? { count: plan.count, instalments: plan.instalments } : undefined,
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

/** The buyer's code checked inside the checkout's transaction (a code needs a known buyer). */
function codeFor(trx: Trx, buyer: Buyer, cohortId: string, nowIso: string, engine: Engine) {
  if (!buyer.code || !buyer.personId || !buyer.email)
    return { kind: "refused" as const, reason: "unknown" as const };
  const who = { personId: buyer.personId, email: buyer.email };
  return checkCode(trx, buyer.code, who, { cohortId, nowIso, engine });
}

/**
 * Frees a held seat: the session expired or the buyer cancelled. Paid holds are never touched,
 * and neither is a seat offer before its own end: leaving its checkout keeps the offered seat.
 */
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
      .where("status", "=", "held")
      .where((eb) => eb.or([eb("kind", "=", "checkout"), eb("expires_at", "<=", nowIso)]));
    update =
      "holdId" in by
        ? update.where("id", "=", by.holdId)
        : update.where("session_id", "=", by.sessionId);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}
