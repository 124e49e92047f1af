import { PAID_SEAT } from "./seat-queries.server";
import type { DB, Trx } from "~/db/database.server";
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import { hasSeatToHold, isSoldOut } from "~/features/cohort/cohort";
import { keptCents, seatFigures, seatRuleOn, type SeatFigures, type SeatRule } from "./seats";
import {
  getCohort,
  readCohortSafely,
  toCohort,
  type Cohort,
} from "~/features/cohort/cohort.server";
import type { Database } from "~/db/schema";
import type { Engine } from "~/db/migrations.server";
import { log, errorMessage } from "~/lib/logger.server";
import type { PaymentProvider } from "~/features/payments/provider.server";
import type { Services } from "~/context";
import { recordEvent } from "./provider-events.server";

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

/** A seat hold that takes its seat at `nowIso`: an open checkout or offer, not yet expired. */
export const takesSeat = (nowIso: string) => (eb: ExpressionBuilder<Database, "seat_holds">) =>
  eb.and([eb("seat_holds.status", "=", "held"), eb("seat_holds.expires_at", ">", nowIso)]);

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
export type CheckoutStart = { kind: "redirect"; url: string } | { kind: "full" } | { kind: "held" };

export interface Buyer {
  personId: string | null;
  email: string | null;
  visitorId: string | null;
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
        provider: provider.name,
        session_id: null,
        expires_at: expiresAt,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .execute();
    if (offer) {
      await trx
        .updateTable("waitlist_entries")
        .set({ hold_id: id, updated_at: nowIso })
        .where("hold_id", "=", offer.id)
        .execute();
    }
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

/** The hold behind a checkout session, and whether it can still be paid (the test checkout's page). */
export async function holdOfSession(services: Services, sessionId: string) {
  const hold = await services.db
    .selectFrom("seat_holds")
    .select(["email", "status", "expires_at"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (!hold) return null;
  const open = hold.status === "held" && hold.expires_at > services.clock.now().toISOString();
  return { email: hold.email ?? "", open };
}

/** A cohort's figures: its seats as they add up, and the money it kept (net of refunds). */
export interface CohortFigures {
  seats: SeatFigures;
  /** What a refund does to a seat of this cohort today. */
  rule: SeatRule;
  revenueCents: number;
}

/** The payment states that can bring money in: paid, or refunded (a partial refund keeps some). */
export const REVENUE_STATUSES = [PAID_SEAT, "refunded"] as const;

/**
 * Each payment (of the cohorts or ids given, made since `since`; all when none) with what it
 * still brings in: the one place revenue is counted (a refund's amount is on its approved request
 * to leave; a plain refund gave back the whole payment).
 */
async function paymentsKept(
  db: DB,
  where: { cohortIds?: string[]; paymentIds?: string[]; since?: string },
) {
  let query = db
    .selectFrom("payments as pay")
    .leftJoin("withdrawals as w", (join) =>
      join.onRef("w.payment_id", "=", "pay.id").on("w.status", "=", "approved"),
    )
    .select(["pay.id", "pay.cohort_id", "pay.status", "pay.amount_cents", "w.refund_cents"])
    .where("pay.status", "in", REVENUE_STATUSES);
  if (where.cohortIds) query = query.where("pay.cohort_id", "in", where.cohortIds);
  if (where.paymentIds) query = query.where("pay.id", "in", where.paymentIds);
  if (where.since) query = query.where("pay.created_at", ">=", where.since);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    cohortId: row.cohort_id,
    paid: row.status === PAID_SEAT,
    cents: keptCents({
      amountCents: Number(row.amount_cents),
      status: row.status,
      refundCents: row.refund_cents === null ? null : Number(row.refund_cents),
    }),
  }));
}

/**
 * The one count of paid seats, seats held and offered, seats left empty and revenue, per cohort:
 * the cohorts console, a cohort's page and the dashboard all read these. `today` is the site's
 * calendar day (what a refund does to a seat depends on it).
 */
export async function cohortFigures(
  db: DB,
  cohorts: Cohort[],
  now: Date,
  today: string,
): Promise<Map<string, CohortFigures>> {
  const figures = new Map<string, CohortFigures>();
  if (cohorts.length === 0) return figures;
  const ids = cohorts.map((cohort) => cohort.id);
  const [payments, holds] = await Promise.all([
    paymentsKept(db, { cohortIds: ids }),
    db
      .selectFrom("seat_holds")
      .select(["cohort_id", "kind", (eb) => eb.fn.countAll().as("n")])
      .where("cohort_id", "in", ids)
      .where(takesSeat(now.toISOString()))
      .groupBy(["cohort_id", "kind"])
      .execute(),
  ]);
  for (const cohort of cohorts) {
    const mine = payments.filter((p) => p.cohortId === cohort.id);
    const count = (kind: string) =>
      Number(holds.find((h) => h.cohort_id === cohort.id && h.kind === kind)?.n ?? 0);
    figures.set(cohort.id, {
      seats: seatFigures({
        capacity: cohort.capacity,
        enrolledCount: cohort.enrolledCount,
        paid: mine.filter((p) => p.paid).length,
        held: count("checkout"),
        offered: count("offer"),
      }),
      rule: seatRuleOn(cohort.startDate, today),
      revenueCents: mine.reduce((sum, p) => sum + p.cents, 0),
    });
  }
  return figures;
}

/** Revenue from payments made since `since` (any cohort), net of refunds, and how many kept money. */
export async function revenueSince(db: DB, since: string) {
  const payments = await paymentsKept(db, { since });
  const kept = payments.filter((p) => p.cents > 0);
  return { cents: kept.reduce((sum, p) => sum + p.cents, 0), payments: kept.length };
}

/** What each of these payments still brings in, net of refunds (the funnel's and sources' revenue). */
export async function keptByPayment(db: DB, paymentIds: string[]): Promise<Map<string, number>> {
  const kept = new Map<string, number>();
  for (let i = 0; i < paymentIds.length; i += 500) {
    const chunk = paymentIds.slice(i, i + 500);
    for (const payment of await paymentsKept(db, { paymentIds: chunk }))
      kept.set(payment.id, payment.cents);
  }
  return kept;
}
