import { releaseBookingsOf } from "~/bookings/bookings.server";
import { endPortalSessionsOf } from "~/portal/session.server";
import { leaveQueue } from "~/cohort/queue.server";
import { recordAudit } from "~/accounts/audit.server";
import { cohortEmails } from "~/content/cohorts";
import { errorMessage, log } from "~/lib/logger.server";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { changeStatus } from "~/people/people.server";
import type { Services } from "~/services.server";
import { lockCohort } from "./seats.server";

export const REFUNDED_REASON = "refunded";

export type RefundResult = "refunded" | "not_enrolled" | "provider_failed";

/**
 * The owner refunds a student's enrollment. The provider refunds first (Stripe's refunds API with
 * an idempotency key per session, so a retry never refunds twice; the test provider records it);
 * only then, in one transaction under the cohort's lock, the payment is marked refunded, the seat
 * freed (the next offer round gives it to the queue), the person goes back to qualified, the
 * student is emailed and the audit log records who, why and how much.
 */
export async function refundEnrollment(
  services: Services,
  actor: string,
  personId: string,
  reason: string,
): Promise<RefundResult> {
  const payment = await services.db
    .selectFrom("payments")
    .select(["id", "session_id", "cohort_id"])
    .where("person_id", "=", personId)
    .where("status", "=", "paid")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!payment) return "not_enrolled";
  try {
    await services.payments.refund(payment.session_id);
  } catch (error) {
    log.error("refund failed at the provider", { error: errorMessage(error) });
    return "provider_failed";
  }
  const now = services.clock.now();
  const nowIso = now.toISOString();
  return services.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, services.engine, payment.cohort_id);
    const marked = await trx
      .updateTable("payments")
      .set({ status: "refunded", refund_reason: reason, refunded_at: nowIso })
      .where("id", "=", payment.id)
      .where("status", "=", "paid")
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return "not_enrolled";
    await trx
      .updateTable("seat_holds")
      .set({ status: "refunded", updated_at: nowIso })
      .where("session_id", "=", payment.session_id)
      .execute();
    await trx
      .updateTable("cohorts")
      .set((eb) => ({ enrolled_count: eb("enrolled_count", "-", 1), updated_at: nowIso }))
      .where("id", "=", cohort.id)
      .where("enrolled_count", ">", 0)
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
    await enqueueEmail(
      trx,
      {
        kind: "enrollment_refunded",
        to: person.email,
        personId,
        ...renderEmail(cohortEmails.refunded({ firstName: person.first_name })),
      },
      now,
    );
    await recordAudit(
      trx,
      actor,
      "enrollment.refund",
      { personId, paymentId: payment.id, cohortId: cohort.id, reason },
      now,
    );
    return "refunded";
  });
}
