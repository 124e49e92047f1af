import type { Services } from "~/context";
import type { DB } from "~/db/database.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { withdrawalForOwner, type OwnerActor } from "~/features/withdrawals/decisions.server";
import { refundRuleOn } from "~/features/withdrawals/refund-rule";
import { dateInZone, formatWhen } from "~/lib/time-zone";
import { proposeAfterFailedPlan } from "./plan-rules";
import { cancelRemaining } from "./plans.server";
import { planConsole, planWithdrawalEmail } from "./plans.words";
import { randomUUID } from "node:crypto";

/** The person's latest plan as the owner sees it: its payments, and the policy's proposal. */
export async function planForOwner(services: Services, personId: string) {
  const { db, clock, config } = services;
  const plan = await db
    .selectFrom("payment_plans as p")
    .innerJoin("payments as pay", "pay.id", "p.payment_id")
    .innerJoin("cohorts as c", "c.id", "p.cohort_id")
    .select(["p.id", "p.status", "p.payments", "p.total_cents", "p.decision"])
    .select(["pay.amount_cents as paid_cents", "c.start_date"])
    .where("p.person_id", "=", personId)
    .orderBy("p.created_at", "desc")
    .executeTakeFirst();
  if (!plan) return null;
  const now = clock.now();
  const zone = config.siteTimeZone;
  const when = (iso: string) => `${formatWhen(new Date(iso), zone, now)} (${zone})`;
  const instalments = await db
    .selectFrom("plan_instalments")
    .select(["number", "amount_cents", "status", "attempts", "due_at", "next_attempt_at"])
    .where("plan_id", "=", plan.id)
    .orderBy("number")
    .execute();
  const paidCents = Number(plan.paid_cents);
  const rule = refundRuleOn(plan.start_date ?? null, dateInZone(now, zone));
  return {
    id: plan.id,
    status: plan.status,
    decision: plan.decision,
    summary: planConsole.summary(
      instalments.filter((i) => i.status === "paid").length,
      Number(plan.payments),
      paidCents,
      Number(plan.total_cents),
    ),
    instalments: instalments.map((i) => ({
      number: Number(i.number),
      amount: formatDollars(Number(i.amount_cents)),
      status: i.status,
      attempts: Number(i.attempts),
      due: when(i.due_at),
      nextTry: i.status === "failed" && i.next_attempt_at ? when(i.next_attempt_at) : null,
    })),
    proposal:
      plan.status === "owner_decides"
        ? proposeAfterFailedPlan({ paidCents, totalCents: Number(plan.total_cents), rule })
        : null,
  };
}

export type OwnerPlan = NonNullable<Awaited<ReturnType<typeof planForOwner>>>;

/** The person page's views of leaving: a request to leave, and a payment plan. */
export function withdrawalAndPlan(services: Services, personId: string) {
  return Promise.all([
    withdrawalForOwner(services, personId),
    planForOwner(services, personId),
  ] as const);
}

/** A cohort's plans that are past due (the cohort page's list), by student. */
export function pastDuePlans(db: DB, cohortId: string) {
  return db
    .selectFrom("payment_plans as p")
    .innerJoin("people", "people.id", "p.person_id")
    .select(["p.person_id", "p.status", "people.first_name", "people.last_name", "people.email"])
    .where("p.cohort_id", "=", cohortId)
    .where("p.status", "in", ["past_due", "owner_decides"])
    .orderBy("p.created_at")
    .execute();
}

export type PlanDecision = "decided" | "not_deciding" | "not_enrolled" | "provider_failed";

/**
 * The owner's answer once a plan's last retry failed (never automatic). `keep`: the seat stays
 * until the cohort ends and nothing more is charged. `withdraw`: the student leaves with the
 * refund the policy proposes (through refundEnrollment, as a withdrawal the owner decided, so
 * the money kept counts). The plan is claimed first (one winner); a failed refund gives it back.
 */
export async function decidePlan(
  services: Services,
  actor: OwnerActor,
  planId: string,
  decision: "keep" | "withdraw",
): Promise<{ kind: PlanDecision; personId?: string }> {
  const { db, clock } = services;
  const view = await db
    .selectFrom("payment_plans")
    .select(["person_id", "payment_id", "subscription_id", "cohort_id"])
    .where("id", "=", planId)
    .executeTakeFirst();
  if (!view) return { kind: "not_deciding" };
  const personId = view.person_id;
  const proposal = (await planForOwner(services, personId))?.proposal;
  const nowIso = clock.now().toISOString();
  const claimed = await db
    .updateTable("payment_plans")
    .set({ decision, decided_at: nowIso, updated_at: nowIso })
    .where("id", "=", planId)
    .where("status", "=", "owner_decides")
    .where("decision", "is", null)
    .executeTakeFirst();
  if (!proposal || Number(claimed.numUpdatedRows) === 0) return { kind: "not_deciding", personId };
  if (decision === "keep") {
    if (view.subscription_id) await services.payments.cancelPlan(view.subscription_id);
    await db.transaction().execute(async (trx) => {
      await cancelRemaining(trx, view.payment_id, nowIso);
      await recordAudit(trx, actor.email, "plan.keep", { personId, planId }, clock.now());
    });
    return { kind: "decided", personId };
  }
  const refund = proposal.refundCents;
  const withdrawalId = randomUUID();
  await db
    .insertInto("withdrawals")
    .values({
      id: withdrawalId,
      person_id: personId,
      cohort_id: view.cohort_id,
      payment_id: view.payment_id,
      kind: "leave",
      reason: planConsole.decisionReason,
      rule: "owner_decides",
      requested_at: nowIso,
      decided_at: null,
      decided_by_id: null,
      decision_note: null,
      refund_cents: null,
    })
    .execute();
  const person = await db
    .selectFrom("people")
    .select("first_name")
    .where("id", "=", personId)
    .executeTakeFirstOrThrow();
  const outcome = await refundEnrollment(
    services,
    actor.email,
    personId,
    planConsole.decisionReason,
    {
      amountCents: refund,
      paymentId: view.payment_id,
      closedBy: actor.id,
      email: {
        kind: "plan_withdrawn",
        content: planWithdrawalEmail({
          firstName: person.first_name,
          refund: refund > 0 ? formatDollars(refund) : null,
        }),
      },
      audit: { action: "plan.withdraw", details: { planId, withdrawalId } },
    },
  );
  if (outcome !== "refunded") {
    await db.deleteFrom("withdrawals").where("id", "=", withdrawalId).execute();
    await db
      .updateTable("payment_plans")
      .set({ decision: null, decided_at: null })
      .where("id", "=", planId)
      .execute();
    return { kind: outcome, personId };
  }
  return { kind: "decided", personId };
}
