import { randomUUID } from "node:crypto";
import type { DB, Db, Trx } from "~/db/database.server";
import type { PlanStatus } from "~/db/plan-schema";
import type { Services } from "~/context";
import { splitInstalments } from "~/features/enrollment/price";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { formatWhen } from "~/lib/time-zone";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { dueDate } from "./plan-rules";
import { planEmails } from "./plans.words";

/** Plans still collecting: their unpaid instalments are outstanding. */
export const OPEN_PLAN: PlanStatus[] = ["active", "past_due", "owner_decides"];

/**
 * Opens the plan of a seat paid with its first instalment, in the fulfillment's transaction:
 * instalment 1 paid now, the others due a month apart (the test provider's job charges them at
 * their due time; Stripe's subscription bills them and its webhooks record them).
 */
export async function openPlan(
  trx: Trx,
  input: {
    paymentId: string;
    personId: string;
    cohortId: string;
    provider: string;
    /** The seat's price after any code, and the plan the checkout chose. */
    priceCents: number;
    payments: number;
    surchargeCents: number;
    subscriptionId?: string | null;
    testCardFails?: boolean;
    now: Date;
  },
): Promise<void> {
  const nowIso = input.now.toISOString();
  const total = input.priceCents + input.surchargeCents;
  const planId = randomUUID();
  await trx
    .insertInto("payment_plans")
    .values({
      id: planId,
      payment_id: input.paymentId,
      person_id: input.personId,
      cohort_id: input.cohortId,
      provider: input.provider,
      subscription_id: input.subscriptionId ?? null,
      payments: input.payments,
      total_cents: total,
      status: "active",
      decision: null,
      decided_at: null,
      test_card_fails: input.testCardFails ? 1 : 0,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .execute();
  const byJob = input.provider === "test";
  await trx
    .insertInto("plan_instalments")
    .values(
      splitInstalments(total, input.payments).map((cents, index) => {
        const due = dueDate(input.now, index + 1).toISOString();
        return {
          id: randomUUID(),
          plan_id: planId,
          number: index + 1,
          due_at: due,
          amount_cents: cents,
          status: index === 0 ? ("paid" as const) : ("due" as const),
          attempts: index === 0 ? 1 : 0,
          next_attempt_at: index > 0 && byJob ? due : null,
          provider_invoice_id: null,
          paid_at: index === 0 ? nowIso : null,
          locked_until: null,
          updated_at: nowIso,
        };
      }),
    )
    .execute();
}

type Instalment = { id: string; plan_id: string; amount_cents: number };

/**
 * Records an instalment paid: the seat's payment grows by it (the payment's amount is what the
 * plan has brought in), and the plan is completed by its last one or back on schedule.
 */
export async function recordInstalmentPaid(
  trx: Trx,
  instalment: Instalment,
  nowIso: string,
  invoiceId: string | null = null,
): Promise<void> {
  const marked = await trx
    .updateTable("plan_instalments")
    .set({
      status: "paid",
      paid_at: nowIso,
      next_attempt_at: null,
      locked_until: null,
      updated_at: nowIso,
      ...(invoiceId ? { provider_invoice_id: invoiceId } : {}),
    })
    .where("id", "=", instalment.id)
    .where("status", "in", ["due", "failed"])
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return;
  const plan = await trx
    .selectFrom("payment_plans")
    .select(["payment_id", "status"])
    .where("id", "=", instalment.plan_id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("payments")
    .set((eb) => ({ amount_cents: eb("amount_cents", "+", Number(instalment.amount_cents)) }))
    .where("id", "=", plan.payment_id)
    .execute();
  const left = await trx
    .selectFrom("plan_instalments")
    .select(["status"])
    .where("plan_id", "=", instalment.plan_id)
    .where("status", "in", ["due", "failed"])
    .execute();
  const status: PlanStatus =
    left.length === 0
      ? "completed"
      : left.some((i) => i.status === "failed")
        ? plan.status
        : "active";
  await trx
    .updateTable("payment_plans")
    .set({ status, updated_at: nowIso })
    .where("id", "=", instalment.plan_id)
    .where("status", "in", OPEN_PLAN)
    .execute();
}

/**
 * Records a failed charge of an instalment: one more try counted, its next try (null after the
 * last: the owner decides), the plan past due, and the student emailed a link to update their
 * card (once per try, by its dedupe key).
 */
export async function recordInstalmentFailed(
  trx: Trx,
  services: Pick<Services, "config">,
  instalment: Instalment & { number: number },
  input: { nextAttempt: Date | null; updateUrl: string; now: Date; attempts?: number },
): Promise<void> {
  const nowIso = input.now.toISOString();
  await trx
    .updateTable("plan_instalments")
    .set((eb) => ({
      status: "failed",
      attempts: input.attempts ?? eb("attempts", "+", 1),
      next_attempt_at: input.nextAttempt?.toISOString() ?? null,
      locked_until: null,
      updated_at: nowIso,
    }))
    .where("id", "=", instalment.id)
    .execute();
  await trx
    .updateTable("payment_plans")
    .set({ status: input.nextAttempt ? "past_due" : "owner_decides", updated_at: nowIso })
    .where("id", "=", instalment.plan_id)
    .where("status", "in", ["active", "past_due"])
    .execute();
  const row = await trx
    .selectFrom("plan_instalments as i")
    .innerJoin("payment_plans as p", "p.id", "i.plan_id")
    .innerJoin("payments as pay", "pay.id", "p.payment_id")
    .innerJoin("people", "people.id", "p.person_id")
    .select(["i.attempts", "p.payments", "p.person_id", "people.first_name", "pay.email"])
    .where("i.id", "=", instalment.id)
    .executeTakeFirstOrThrow();
  const zone = services.config.siteTimeZone;
  await enqueueEmail(
    trx,
    {
      kind: "plan_payment_failed",
      to: row.email,
      personId: row.person_id,
      dedupeKey: `plan_failed:${instalment.id}:${row.attempts}`,
      ...renderEmail(
        planEmails.paymentFailed({
          firstName: row.first_name,
          amount: formatDollars(Number(instalment.amount_cents)),
          number: instalment.number,
          count: Number(row.payments),
          updateUrl: input.updateUrl,
          retryOn: input.nextAttempt ? formatWhen(input.nextAttempt, zone) : null,
        }),
      ),
    },
    input.now,
  );
}

/**
 * Nothing more will be charged on the seat's plan (a refund, a withdrawal, the owner's decision,
 * or Stripe ended the subscription): its unpaid instalments are cancelled. Returns the plan's
 * Stripe subscription, for the caller to cancel at the provider.
 */
export async function cancelRemaining(trx: Db, paymentId: string, nowIso: string) {
  const plan = await trx
    .selectFrom("payment_plans")
    .select(["id", "subscription_id", "status"])
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  if (!plan) return null;
  await trx
    .updateTable("plan_instalments")
    .set({ status: "cancelled", next_attempt_at: null, locked_until: null, updated_at: nowIso })
    .where("plan_id", "=", plan.id)
    .where("status", "in", ["due", "failed"])
    .execute();
  await trx
    .updateTable("payment_plans")
    .set({ status: "cancelled", updated_at: nowIso })
    .where("id", "=", plan.id)
    .where("status", "in", OPEN_PLAN)
    .execute();
  return plan;
}

/** The plan of a seat's payment, if it runs on one (refunds cancel it at the provider first). */
export function planOfPayment(db: Db, paymentId: string) {
  return db
    .selectFrom("payment_plans")
    .select(["id", "subscription_id", "status", "provider"])
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
}

/**
 * The plan payments of a cohort not yet brought in: every unpaid instalment of a plan still
 * collecting (the owner's money page; a cancelled plan owes nothing).
 */
export async function outstandingPlanCents(db: DB, cohortId: string): Promise<number> {
  const row = await db
    .selectFrom("plan_instalments as i")
    .innerJoin("payment_plans as p", "p.id", "i.plan_id")
    .select((eb) => eb.fn.sum<number | string | null>("i.amount_cents").as("cents"))
    .where("p.cohort_id", "=", cohortId)
    .where("p.status", "in", OPEN_PLAN)
    .where("i.status", "in", ["due", "failed"])
    .executeTakeFirstOrThrow();
  return Number(row.cents ?? 0);
}
