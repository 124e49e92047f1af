import type { ExpressionBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import type { Database } from "~/db/schema";

/** The one filter for a paid seat: a payment still paid (not refunded, not waiting for a refund). */
export const PAID_SEAT = "paid" as const;

/** `.where(paidSeat)` on any query that has `payments`: the payment is a paid seat. */
export const paidSeat = (eb: ExpressionBuilder<Database, "payments">) =>
  eb("payments.status", "=", PAID_SEAT);

/**
 * A person's live seat: their latest paid payment, with its cohort and person joined. The one
 * query for it; callers add the columns (and joins) they need, then `executeTakeFirst()`.
 */
export function liveSeat(db: Db, personId: string) {
  return db
    .selectFrom("payments")
    .innerJoin("cohorts", "cohorts.id", "payments.cohort_id")
    .innerJoin("people", "people.id", "payments.person_id")
    .where("payments.person_id", "=", personId)
    .where(paidSeat)
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id");
}

/** A seat hold that takes its seat at `nowIso`: an open checkout or offer, not yet expired. */
export const takesSeat = (nowIso: string) => (eb: ExpressionBuilder<Database, "seat_holds">) =>
  eb.and([eb("seat_holds.status", "=", "held"), eb("seat_holds.expires_at", ">", nowIso)]);
