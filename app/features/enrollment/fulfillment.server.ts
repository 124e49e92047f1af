import { randomUUID } from "node:crypto";
import { enrollmentEmails } from "./enroll.words";
import { formatDollars, PRICE_CENTS } from "./pricing.words";
import { formatWhen } from "~/lib/time-zone";
import { hasSeatToHold, startDateDisplay } from "~/features/cohort/cohort";
import { errorMessage, log } from "~/lib/logger.server";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { PaymentProvider } from "~/features/payments/provider.server";
import { normaliseEmail } from "~/lib/person-fields";
import { stopSequences } from "~/features/marketing/sequences.server";
import { changeStatus, ensurePersonByEmail } from "~/features/people/people.server";
import type { Services } from "~/context";
import { leaveQueue } from "~/features/cohort/queue.server";
import { mentorForNewSeat, tellMentor } from "~/features/portal/assignment.server";
import { onboardingEmail } from "./onboarding.server";
import { recordEvent } from "./provider-events.server";
import { chargedAtCheckout } from "./price";
import { openPlan } from "~/features/payment-plans/plans.server";
import { countHeldSeats, lockCohort } from "./seats.server";
import { PAID_SEAT, takesSeat } from "./seat-queries.server";
import {
  codeHasUse,
  countCodeUse,
  lateReason,
  usedCode,
} from "~/features/discounts/code-uses.server";

/** The onboarding email goes out a few hours after payment, well within the promised 24 hours. */
export const ONBOARDING_DELAY_MS = 3 * 3_600_000;
export const ENROLLED_REASON = "payment completed";

export interface PaidSession {
  sessionId: string;
  email: string;
  amountCents: number;
  /** The provider event that reported it; replays of the same event change nothing. */
  event?: { id: string; type: string };
  /** On a payment plan: Stripe's subscription, or the test checkout's failing-card switch. */
  plan?: { subscriptionId?: string | null; testCardFails?: boolean };
}

export type FulfillmentResult =
  | { kind: "enrolled"; personId: string }
  | { kind: "already_fulfilled" }
  | { kind: "duplicate_event" }
  | { kind: "unknown_session" }
  | { kind: "refund_needed"; personId: string };

/**
 * Turns a paid checkout into an enrollment, exactly once: the webhook and the success page may
 * both call it, in any order and any number of times. A payment whose hold expired while the
 * cohort filled up is recorded and flagged for refund instead of overselling a seat.
 */
export async function fulfillPayment(
  services: Services,
  provider: PaymentProvider,
  paid: PaidSession,
): Promise<FulfillmentResult> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const result = await services.db
    .transaction()
    .execute(async (trx): Promise<FulfillmentResult> => {
      if (paid.event && !(await recordEvent(trx, paid.event, nowIso)))
        return { kind: "duplicate_event" };
      const holdOf = () =>
        trx
          .selectFrom("seat_holds")
          .selectAll()
          .where("session_id", "=", paid.sessionId)
          .executeTakeFirst();
      const found = await holdOf();
      if (!found) return { kind: "unknown_session" };
      // The hold's cohort row is locked before anything is decided, so two deliveries of the same
      // payment (webhook and success page) run one after the other.
      const cohort = await lockCohort(trx, services.engine, found.cohort_id);
      const existing = await trx
        .selectFrom("payments")
        .select("id")
        .where("session_id", "=", paid.sessionId)
        .executeTakeFirst();
      if (existing) return { kind: "already_fulfilled" };
      const hold = (await holdOf()) ?? found;

      const email = normaliseEmail(paid.email || hold.email || "");
      const person = hold.person_id
        ? await trx
            .selectFrom("people")
            .select(["id", "first_name", "status"])
            .where("id", "=", hold.person_id)
            .executeTakeFirstOrThrow()
        : await ensurePersonByEmail(trx, email, nowIso);
      // Paying on an older checkout tab of the same person still takes the seat they hold now.
      const ownLiveHold =
        hold.status === "held" && hold.expires_at > nowIso
          ? hold
          : await trx
              .selectFrom("seat_holds")
              .selectAll()
              .where("cohort_id", "=", cohort.id)
              .where("person_id", "=", person.id)
              .where(takesSeat(nowIso))
              .executeTakeFirst();
      if (ownLiveHold && ownLiveHold.id !== hold.id) {
        await trx
          .updateTable("seat_holds")
          .set({ status: "released", offer_token_hash: null, updated_at: nowIso })
          .where("id", "=", ownLiveHold.id)
          .execute();
      }
      const code = await usedCode(trx, hold.promo_code_id, services.engine);
      const seatFree =
        (Boolean(ownLiveHold) ||
          hasSeatToHold(
            cohort,
            await countHeldSeats(trx, cohort.id, nowIso, { exceptHoldId: hold.id }),
          )) &&
        codeHasUse(code);
      const charged = paid.amountCents > 0 ? paid.amountCents : chargedAtCheckout(hold);
      // The seat's mentor is chosen under the cohort's lock taken above (decision 0039).
      const mentor = seatFree ? await mentorForNewSeat(trx, cohort.id) : null;

      const paymentId = randomUUID();
      await trx
        .insertInto("payments")
        .values({
          id: paymentId,
          cohort_id: cohort.id,
          hold_id: hold.id,
          person_id: person.id,
          provider: provider.name,
          session_id: paid.sessionId,
          email,
          amount_cents: charged,
          status: seatFree ? PAID_SEAT : "refund_needed",
          refund_reason: seatFree ? null : lateReason(code),
          refunded_at: null,
          created_at: nowIso,
          mentor_id: mentor?.id ?? null,
          promo_code_id: code?.id ?? null,
          promo_code: code?.code ?? null,
          discount_cents: PRICE_CENTS - (hold.amount_cents ?? PRICE_CENTS),
          // Last-touch attribution credits the payment to the tagged visit before it.
          last_touch:
            (
              await trx
                .selectFrom("people")
                .select("last_touch")
                .where("id", "=", person.id)
                .executeTakeFirst()
            )?.last_touch ?? null,
        })
        .execute();
      await trx
        .updateTable("seat_holds")
        .set({ status: seatFree ? "paid" : "expired", updated_at: nowIso })
        .where("id", "=", hold.id)
        .execute();

      const firstName = person.first_name;
      if (!seatFree) {
        // A second, late payment from someone already enrolled is refunded without touching their seat.
        if (person.status !== "enrolled")
          await changeStatus(trx, person.id, "waitlist", "cohort is full", nowIso);
        await enqueueEmail(
          trx,
          {
            kind: "enrollment_refund",
            to: email,
            personId: person.id,
            ...renderEmail(enrollmentEmails.refundNotice({ firstName })),
          },
          now,
        );
        return { kind: "refund_needed", personId: person.id };
      }

      if (code) await countCodeUse(trx, code, { paymentId, personId: person.id }, nowIso);
      // A plan's first payment takes the seat; the rest of the plan is recorded with it.
      if (hold.plan_payments)
        await openPlan(trx, {
          paymentId,
          personId: person.id,
          cohortId: cohort.id,
          provider: provider.name,
          priceCents: hold.amount_cents ?? PRICE_CENTS,
          payments: Number(hold.plan_payments),
          surchargeCents: Number(hold.plan_surcharge_cents ?? 0),
          subscriptionId: paid.plan?.subscriptionId,
          testCardFails: paid.plan?.testCardFails,
          now,
        });
      await trx
        .updateTable("cohorts")
        .set((eb) => ({ enrolled_count: eb("enrolled_count", "+", 1), updated_at: nowIso }))
        .where("id", "=", cohort.id)
        .execute();
      await leaveQueue(trx, cohort.id, person.id, "enrolled", nowIso);
      await changeStatus(trx, person.id, "enrolled", ENROLLED_REASON, nowIso);
      await stopSequences(trx, person.id, "enrolled", now);
      const startDisplay = startDateDisplay(cohort.startDate);
      const programUrl = `${services.config.publicUrl}/#program`;
      await enqueueEmail(
        trx,
        {
          kind: "enrollment_confirmation",
          to: email,
          personId: person.id,
          ...renderEmail(
            enrollmentEmails.confirmation({
              firstName,
              startDisplay,
              programUrl,
              amount: formatDollars(charged),
              paidOn: formatWhen(now, services.config.siteTimeZone),
              termsUrl: `${services.config.publicUrl}/terms`,
              receiptsUrl: `${services.config.publicUrl}/portal/receipts`,
              plan: hold.plan_payments ? Number(hold.plan_payments) : undefined,
            }),
          ),
        },
        now,
      );
      // Rendered again by the mail worker when it goes (decision 0040): the start and the mentor
      // are the ones on file then. This first rendering is what the email log shows meanwhile.
      const onboarding = await onboardingEmail(trx, person.id, services.config);
      if (onboarding)
        await enqueueEmail(
          trx,
          {
            kind: "enrollment_onboarding",
            to: email,
            personId: person.id,
            sendAfter: new Date(now.getTime() + ONBOARDING_DELAY_MS),
            ...renderEmail(onboarding),
          },
          now,
        );
      if (mentor)
        await tellMentor(trx, services, mentor, { firstName, startDate: cohort.startDate }, now);
      return { kind: "enrolled", personId: person.id };
    });

  if (result.kind === "refund_needed") {
    await refund(services, provider, paid.sessionId);
    // A late plan's subscription must not go on charging for a seat it did not get.
    if (paid.plan?.subscriptionId) await provider.cancelPlan(paid.plan.subscriptionId);
  }
  return result;
}

/** Refunds through the provider after the transaction; a failure leaves the payment flagged for the owner. */
async function refund(services: Services, provider: PaymentProvider, sessionId: string) {
  try {
    await provider.refund(sessionId);
    await services.db
      .updateTable("payments")
      .set({ status: "refunded", refunded_at: services.clock.now().toISOString() })
      .where("session_id", "=", sessionId)
      .execute();
  } catch (error) {
    log.error("refund failed; payment stays flagged refund_needed", { error: errorMessage(error) });
  }
}

/** The payment recorded for a checkout session (after `fulfillPayment`): its status and address. */
export async function paymentOfSession(services: Services, sessionId: string) {
  return services.db
    .selectFrom("payments")
    .select(["status", "email"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
}
