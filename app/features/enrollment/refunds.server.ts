import { formatDollars } from "./pricing.words";
import { releaseBookingsOf } from "~/features/bookings/book.server";
import { endPortalSessionsOf } from "~/features/portal/session.server";
import { leaveQueue } from "~/features/cohort/queue.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { cohortEmails } from "~/features/cohort/cohorts.words";
import { errorMessage, log } from "~/lib/logger.server";
import { renderEmail, type EmailContent } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { changeStatus } from "~/features/people/people.server";
import { dateInZone } from "~/lib/time-zone";
import { seatGoesBack } from "~/features/withdrawals/withdrawal";
import { revokeStudentFeed } from "~/features/sessions/feeds.server";
import type { Services } from "~/context";
import { lockCohort } from "./seats.server";
import { liveSeat, paidSeat } from "./seat-queries.server";
import { cancelRemaining, planOfPayment } from "~/features/payment-plans/plans.server";

export const REFUNDED_REASON = "refunded";

export type RefundResult = "refunded" | "not_enrolled" | "provider_failed";

export interface RefundOptions {
  /** What goes back, in cents (default: the whole payment); 0 asks the provider for nothing. */
  amountCents?: number;
  /** This payment of the person's (default: their latest paid one). */
  paymentId?: string;
  /**
   * The email the student gets in place of the standard "refunded" one (leaving the programme
   * sends its decision, with the rule that applied).
   */
  email?: { kind: string; content: EmailContent };
  /**
   * The audit row's action and what it adds, in place of "enrollment.refund" (one row per
   * refund: leaving the programme records "withdrawal.approve" with the request's id and rule).
   */
  audit?: { action: string; details: Record<string, unknown> };
  /** The owner's id, recorded as the decider of an open request to leave that this refund closes. */
  closedBy?: string;
}

/**
 * The owner refunds a student's enrollment (all of it, or `options.amountCents`). The provider
 * refunds first (Stripe's refunds API with an idempotency key per session and amount, so a retry
 * never refunds twice; the test provider records nothing); only then, in one transaction under
 * the cohort's lock, the payment is marked refunded, the seat freed only before the cohort's
 * start date (the next offer round gives it to the queue; from the start it stays empty:
 * `seatGoesBack` on the cohort read under the lock, decision 0045), an open request to leave on
 * the seat is closed as approved, the person goes back to qualified, their portal sessions end
 * and their future 1-on-1s are released, their calendar feed deleted, the student is emailed and the audit log records who,
 * why and how much.
 */
export async function refundEnrollment(
  services: Services,
  actor: string,
  personId: string,
  reason: string,
  options: RefundOptions = {},
): Promise<RefundResult> {
  const { amountCents, paymentId, email, audit, closedBy } = options;
  let query = liveSeat(services.db, personId).select([
    "payments.id",
    "payments.session_id",
    "payments.cohort_id",
    "payments.amount_cents",
  ]);
  if (paymentId) query = query.where("payments.id", "=", paymentId);
  const payment = await query.executeTakeFirst();
  if (!payment) return "not_enrolled";
  // On a payment plan the payment's amount is what was paid so far: never more goes back.
  const refunded = Math.min(
    amountCents ?? Number(payment.amount_cents),
    Number(payment.amount_cents),
  );
  const plan = await planOfPayment(services.db, payment.id);
  try {
    // The plan's later payments are stopped first: nothing is charged for a seat being refunded.
    if (plan?.subscription_id) await services.payments.cancelPlan(plan.subscription_id);
    // Nothing to give back (a withdrawal approved with no refund): the provider is not asked.
    if (refunded > 0)
      await services.payments.refund(
        payment.session_id,
        amountCents === undefined ? undefined : refunded,
      );
  } catch (error) {
    log.error("refund failed at the provider", { error: errorMessage(error) });
    return "provider_failed";
  }
  const now = services.clock.now();
  const nowIso = now.toISOString();
  return services.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, services.engine, payment.cohort_id);
    const freeSeat = seatGoesBack(cohort.startDate, dateInZone(now, services.config.siteTimeZone));
    const marked = await trx
      .updateTable("payments")
      .set({ status: "refunded", refund_reason: reason, refunded_at: nowIso })
      .where("id", "=", payment.id)
      .where(paidSeat)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return "not_enrolled";
    await cancelRemaining(trx, payment.id, nowIso);
    await trx
      .updateTable("seat_holds")
      .set({ status: "refunded", updated_at: nowIso })
      .where("session_id", "=", payment.session_id)
      .execute();
    // A freed seat is one fewer enrolled: the next offer round gives it to the queue. A seat
    // kept (the cohort has started) still counts as taken, so nobody is offered it.
    if (freeSeat)
      await trx
        .updateTable("cohorts")
        .set((eb) => ({ enrolled_count: eb("enrolled_count", "-", 1), updated_at: nowIso }))
        .where("id", "=", cohort.id)
        .where("enrolled_count", ">", 0)
        .execute();
    // A request to leave still open on this seat is settled by this refund: approving it later
    // would refund again.
    await trx
      .updateTable("withdrawals")
      .set({
        status: "approved",
        decided_at: nowIso,
        decided_by_id: closedBy ?? null,
        refund_cents: refunded,
      })
      .where("payment_id", "=", payment.id)
      .where("status", "=", "requested")
      .execute();
    const person = await trx
      .selectFrom("people")
      .select(["email", "first_name"])
      .where("id", "=", personId)
      .executeTakeFirstOrThrow();
    await changeStatus(trx, personId, "qualified", `${REFUNDED_REASON}: ${reason}`, nowIso);
    await leaveQueue(trx, cohort.id, personId, "removed", nowIso);
    // The portal goes with the seat, at once.
    await endPortalSessionsOf(trx, personId);
    // And so do the 1-on-1s it was owed: the mentor's slots are free again.
    await releaseBookingsOf(trx, services, personId, cohort.id, now);
    // And their calendar feed, for good (a withdrawal is approved through here too).
    await revokeStudentFeed(trx, personId);
    const message = email ?? {
      kind: "enrollment_refunded",
      content: cohortEmails.refunded({
        firstName: person.first_name,
        amount: formatDollars(refunded),
      }),
    };
    await enqueueEmail(
      trx,
      { kind: message.kind, to: person.email, personId, ...renderEmail(message.content) },
      now,
    );
    await recordAudit(
      trx,
      actor,
      audit?.action ?? "enrollment.refund",
      {
        personId,
        paymentId: payment.id,
        cohortId: cohort.id,
        reason,
        refundedCents: refunded,
        seatFreed: freeSeat,
        ...audit?.details,
      },
      now,
    );
    return "refunded";
  });
}
