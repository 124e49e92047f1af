import { PAID_SEAT } from "./seat-queries.server";
import type { DB } from "~/db/database.server";
import type { Cohort } from "~/features/cohort/cohort.server";
import { keptCents, seatFigures, seatRuleOn, type SeatFigures, type SeatRule } from "./seats";
import { takesSeat } from "./seat-queries.server";

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
