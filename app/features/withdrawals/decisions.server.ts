import { recordAudit } from "~/features/accounts/audit.server";
import { leaveEmails } from "./leave.words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import type { DB } from "~/db/database.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { dateInZone, formatWhen } from "~/lib/time-zone";
import { approvalAmount, asWithdrawalRule, MAX_DECISION_NOTE, seatGoesBack } from "./withdrawal";
import { proposeRefund, weeksEndedBy, type FollowedSoFar } from "./refund-rule";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import { explainRule } from "./requests.server";
import { PAID_SEAT } from "~/features/enrollment/seat-queries.server";

/**
 * Leaving the programme, the owner's side (issue 36, item 1): the request on the person page with
 * the student's attendance so far, and the decision. Approval goes through the one refund path
 * (refundEnrollment: provider refund, payment, seat, portal, bookings), freeing the seat only
 * while enrollment is open; the request is claimed before the refund, and the student emailed in
 * the refund's transaction.
 */

export interface OwnerActor {
  id: string;
  email: string;
}

/**
 * How far the student followed the programme so far: group sessions attended of those held, and
 * 1-on-1s held of those owed (one for each programme week that has ended, whatever was booked).
 */
async function followedSoFar(
  db: DB,
  personId: string,
  cohort: { id: string; startDate: string | null },
  now: Date,
  today: string,
): Promise<FollowedSoFar> {
  const nowIso = now.toISOString();
  const [sessions, attended, held] = await Promise.all([
    db
      .selectFrom("group_sessions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("cohort_id", "=", cohort.id)
      .where("status", "=", "scheduled")
      .where("starts_at", "<=", nowIso)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("attendance")
      .innerJoin("group_sessions", "group_sessions.id", "attendance.session_id")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("attendance.person_id", "=", personId)
      .where("group_sessions.cohort_id", "=", cohort.id)
      .where("attendance.status", "=", "attended")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("bookings")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("person_id", "=", personId)
      .where("cohort_id", "=", cohort.id)
      .where("kind", "=", "one_on_one")
      .where("outcome", "=", "held")
      .where("starts_at", "<=", nowIso)
      .executeTakeFirstOrThrow(),
  ]);
  const weeksEnded = weeksEndedBy(cohort.startDate, today);
  return {
    sessionsHeld: Number(sessions.n),
    sessionsAttended: Number(attended.n),
    oneOnOnesOwed: weeksEnded,
    oneOnOnesHeld: Number(held.n),
    weeksEnded,
  };
}

/**
 * The person's request to leave as the owner sees it: the open one, else the latest decided one;
 * with the rule that applied, what was paid, whether approving now frees the seat, and the
 * student's attendance so far. Null when they never asked.
 */
export async function withdrawalForOwner(services: Services, personId: string) {
  const { db, clock, config } = services;
  const now = clock.now();
  const row = await db
    .selectFrom("withdrawals")
    .innerJoin("payments", "payments.id", "withdrawals.payment_id")
    .innerJoin("cohorts", "cohorts.id", "withdrawals.cohort_id")
    .selectAll("withdrawals")
    .select(["payments.amount_cents", "payments.status as payment_status", "cohorts.start_date"])
    .where("withdrawals.person_id", "=", personId)
    .orderBy((eb) => eb.case().when("withdrawals.status", "=", "requested").then(0).else(1).end())
    .orderBy("withdrawals.requested_at", "desc")
    .executeTakeFirst();
  if (!row) return null;
  const zone = config.siteTimeZone;
  const when = (iso: string) => `${formatWhen(new Date(iso), zone, now)} (${zone})`;
  const rule = asWithdrawalRule(row.rule);
  const paidCents = Number(row.amount_cents);
  const startDate = row.start_date ?? null;
  const today = dateInZone(now, zone);
  const cohort = { id: row.cohort_id, startDate };
  const attendance = await followedSoFar(db, personId, cohort, now, today);
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    rule,
    explain: explainRule(rule, paidCents, startDate),
    status: row.status,
    asked: when(row.requested_at),
    decided: row.decided_at ? when(row.decided_at) : null,
    note: row.decision_note,
    refunded: row.refund_cents === null ? null : formatDollars(Number(row.refund_cents)),
    paid: formatDollars(paidCents),
    paymentPaid: row.payment_status === PAID_SEAT,
    cohortId: row.cohort_id,
    freesSeat: seatGoesBack(startDate, today),
    attendance,
    proposal: proposeRefund(rule, paidCents, attendance),
  };
}

export type OwnerWithdrawal = NonNullable<Awaited<ReturnType<typeof withdrawalForOwner>>>;

export type ApproveResult =
  | { kind: "approved"; cents: number }
  /** Not confirmed yet: what approving would refund; nothing changed. */
  | { kind: "confirm"; cents: number }
  | { kind: "too_much"; paidCents: number }
  | { kind: "not_open" | "amount_required" | "not_enrolled" | "provider_failed" };

async function openRequest(db: DB, personId: string, withdrawalId: string) {
  return db
    .selectFrom("withdrawals")
    .innerJoin("payments", "payments.id", "withdrawals.payment_id")
    .innerJoin("cohorts", "cohorts.id", "withdrawals.cohort_id")
    .innerJoin("people", "people.id", "withdrawals.person_id")
    .select([
      "withdrawals.id",
      "withdrawals.rule",
      "withdrawals.payment_id",
      "payments.amount_cents",
      "cohorts.start_date",
      "people.email",
      "people.first_name",
    ])
    .where("withdrawals.id", "=", withdrawalId)
    .where("withdrawals.person_id", "=", personId)
    .where("withdrawals.status", "=", "requested")
    .executeTakeFirst();
}

/**
 * The owner approves a request: the refund (the whole payment under the full-refund rule, else
 * the owner's amount from 0 to what was paid; unconfirmed, only what it would refund) through
 * refundEnrollment, which ends the portal
 * and releases the 1-on-1s; the seat goes back to the queue only before the start date. Safe to
 * run twice or on two instances at once: the request is claimed first (requested -> approved,
 * one winner; the other is told it was decided and changes nothing), and only the winner asks the
 * provider for the refund. The student's email (with the rule that applied) and the one audit row
 * are written in the refund's transaction. If the refund does not go through, the claim is given
 * back and the request is open again.
 */
export async function approveWithdrawal(
  services: Services,
  actor: OwnerActor,
  personId: string,
  input: { withdrawalId: string; amountCents?: number; note: string; confirmed: boolean },
): Promise<ApproveResult> {
  const { db, clock } = services;
  const request = await openRequest(db, personId, input.withdrawalId);
  if (!request) return { kind: "not_open" };
  const rule = asWithdrawalRule(request.rule);
  const paidCents = Number(request.amount_cents);
  const amount = approvalAmount(rule, paidCents, input.amountCents);
  if (!amount.ok)
    return amount.problem === "required"
      ? { kind: "amount_required" }
      : { kind: "too_much", paidCents };
  if (!input.confirmed) return { kind: "confirm", cents: amount.cents };
  const note = input.note.slice(0, MAX_DECISION_NOTE) || null;
  const claimed = await db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable("withdrawals")
      .set({
        status: "approved",
        decided_at: clock.now().toISOString(),
        decided_by_id: actor.id,
        decision_note: note,
        refund_cents: amount.cents,
      })
      .where("id", "=", request.id)
      .where("person_id", "=", personId)
      .where("status", "=", "requested")
      .executeTakeFirst();
    return Number(decided.numUpdatedRows) === 1;
  });
  if (!claimed) return { kind: "not_open" };
  const email = leaveEmails.approved({
    firstName: request.first_name,
    rule,
    amount: formatDollars(amount.cents),
    refunded: amount.cents > 0,
    note,
  });
  let outcome: Awaited<ReturnType<typeof refundEnrollment>> | undefined;
  try {
    outcome = await refundEnrollment(services, actor.email, personId, `withdrawal: ${rule}`, {
      amountCents: amount.cents,
      paymentId: request.payment_id,
      email: { kind: "withdrawal_approved", content: email },
      audit: { action: "withdrawal.approve", details: { withdrawalId: request.id, rule } },
    });
  } finally {
    if (outcome !== "refunded") await reopen(db, request.id);
  }
  if (outcome !== "refunded") return { kind: outcome };
  return { kind: "approved", cents: amount.cents };
}

/** Gives back a claim whose refund did not go through: the request is open again. */
async function reopen(db: DB, withdrawalId: string) {
  await db
    .updateTable("withdrawals")
    .set({
      status: "requested",
      decided_at: null,
      decided_by_id: null,
      decision_note: null,
      refund_cents: null,
    })
    .where("id", "=", withdrawalId)
    .where("status", "=", "approved")
    .execute();
}

/** The owner declines a request with a note: recorded, audited, and the student emailed. */
export async function declineWithdrawal(
  services: Services,
  actor: OwnerActor,
  personId: string,
  input: { withdrawalId: string; note: string },
): Promise<"declined" | "not_open"> {
  const { db, clock } = services;
  const now = clock.now();
  const note = input.note.slice(0, MAX_DECISION_NOTE);
  const request = await openRequest(db, personId, input.withdrawalId);
  if (!request) return "not_open";
  const rule = asWithdrawalRule(request.rule);
  return db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable("withdrawals")
      .set({
        status: "declined",
        decided_at: now.toISOString(),
        decided_by_id: actor.id,
        decision_note: note,
      })
      .where("id", "=", request.id)
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 0) return "not_open";
    const email = leaveEmails.declined({ firstName: request.first_name, rule, note });
    await enqueueEmail(
      trx,
      { kind: "withdrawal_declined", to: request.email, personId, ...renderEmail(email) },
      now,
    );
    await recordAudit(
      trx,
      actor.email,
      "withdrawal.decline",
      { personId, withdrawalId: request.id, rule },
      now,
    );
    return "declined";
  });
}
