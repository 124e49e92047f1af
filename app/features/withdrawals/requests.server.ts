import { randomUUID } from "node:crypto";
import { leaveEmails, ruleWords } from "./leave.words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import type { DB, Trx } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { lastFullRefundDate, refundRuleOn } from "./refund-rule";
import { dateInZone, formatWhen } from "~/lib/time-zone";
import {
  asWithdrawalRule,
  calendarDayDisplay,
  MAX_LEAVE_REASON,
  ruleOfRequest,
  type WithdrawalKind,
  type WithdrawalRule,
} from "./withdrawal";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import { liveSeat } from "~/features/enrollment/seat-queries.server";

/**
 * Leaving the programme, the student's side (issue 36, item 1): what /portal/leave shows and the
 * request itself. One open request per payment: checked in the transaction, and the partial
 * unique index withdrawals_one_open is the last guard against two at once.
 */

/** The student's live seat: their latest paid payment, its cohort's start and their zone. */
export async function leavingSeat(db: DB | Trx, personId: string) {
  const row = await liveSeat(db, personId)
    .leftJoin("student_profiles", "student_profiles.person_id", "payments.person_id")
    .select([
      "payments.id",
      "payments.cohort_id",
      "payments.amount_cents",
      "cohorts.start_date",
      "people.email",
      "people.first_name",
      "people.last_name",
      "student_profiles.time_zone",
    ])
    .executeTakeFirst();
  if (!row) return null;
  return {
    paymentId: row.id,
    cohortId: row.cohort_id,
    paidCents: Number(row.amount_cents),
    startDate: row.start_date ?? null,
    email: row.email,
    firstName: row.first_name,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    zone: row.time_zone ?? null,
  };
}

/** The last full-refund day as read, or null without a start date. */
export const lastDayDisplay = (startDate: string | null) =>
  startDate ? calendarDayDisplay(lastFullRefundDate(startDate)) : null;

/** How a rule reads for this seat (the same words on the page and in every email). */
export function explainRule(rule: WithdrawalRule, paidCents: number, startDate: string | null) {
  return ruleWords.explain(rule, formatDollars(paidCents), lastDayDisplay(startDate));
}

/** What /portal/leave shows: the rule that applies today and the student's latest request. */
export async function leavePage(services: Services, personId: string) {
  const { db, clock, config } = services;
  const seat = await leavingSeat(db, personId);
  if (!seat) return null;
  const now = clock.now();
  const zone = seat.zone ?? config.siteTimeZone;
  const latest = await db
    .selectFrom("withdrawals")
    .select(["kind", "rule", "status", "requested_at", "decision_note", "refund_cents"])
    .where("payment_id", "=", seat.paymentId)
    .orderBy("requested_at", "desc")
    .executeTakeFirst();
  return {
    paid: formatDollars(seat.paidCents),
    todayRule: refundRuleOn(seat.startDate, dateInZone(now, config.siteTimeZone)),
    lastDay: lastDayDisplay(seat.startDate),
    request: latest
      ? {
          kind: latest.kind,
          rule: asWithdrawalRule(latest.rule),
          status: latest.status,
          asked: `${formatWhen(new Date(latest.requested_at), zone, now)} (${zone})`,
          note: latest.decision_note,
          refunded: latest.refund_cents === null ? null : formatDollars(latest.refund_cents),
        }
      : null,
  };
}

export type LeavePage = NonNullable<Awaited<ReturnType<typeof leavePage>>>;

export type RequestResult = "sent" | "already_open" | "not_enrolled";

class AlreadyOpen extends Error {}

/**
 * The student asks to leave (or claims the 30-day promise), with a reason. The rule that applies
 * today is recorded with the request; the student is emailed that it was received, with that
 * rule, and the owner is told (at the site's contact address), all in one transaction.
 */
export async function requestToLeave(
  services: Services,
  personId: string,
  input: { kind: WithdrawalKind; reason: string },
): Promise<RequestResult> {
  const { db, clock, config } = services;
  const now = clock.now();
  const reason = input.reason.slice(0, MAX_LEAVE_REASON);
  try {
    return await db.transaction().execute(async (trx) => {
      const seat = await leavingSeat(trx, personId);
      if (!seat) return "not_enrolled";
      const open = await trx
        .selectFrom("withdrawals")
        .select("id")
        .where("payment_id", "=", seat.paymentId)
        .where("status", "=", "requested")
        .executeTakeFirst();
      if (open) throw new AlreadyOpen();
      const rule = ruleOfRequest(input.kind, seat.startDate, dateInZone(now, config.siteTimeZone));
      const id = randomUUID();
      await trx
        .insertInto("withdrawals")
        .values({
          id,
          person_id: personId,
          cohort_id: seat.cohortId,
          payment_id: seat.paymentId,
          kind: input.kind,
          reason,
          rule,
          status: "requested",
          requested_at: now.toISOString(),
          decided_at: null,
          decided_by_id: null,
          decision_note: null,
          refund_cents: null,
        })
        .execute();
      const received = leaveEmails.received({
        firstName: seat.firstName,
        kind: input.kind,
        rule,
        explain: explainRule(rule, seat.paidCents, seat.startDate),
      });
      await enqueueEmail(
        trx,
        { kind: "withdrawal_received", to: seat.email, personId, ...renderEmail(received) },
        now,
      );
      const notice = leaveEmails.ownerNotice({
        name: seat.name,
        email: seat.email,
        kind: input.kind,
        rule,
        reason,
        adminUrl: `${config.publicUrl}/admin/people/${personId}`,
      });
      await enqueueEmail(
        trx,
        {
          kind: "owner_withdrawal",
          to: config.contactEmail,
          // Linked to the student so that erasing them also scrubs this message.
          personId,
          ...renderEmail(notice),
        },
        now,
      );
      return "sent" as const;
    });
  } catch (error) {
    if (error instanceof AlreadyOpen || isUniqueViolation(error)) return "already_open";
    throw error;
  }
}

/** A person's requests to leave, for their privacy export. */
export function withdrawalsOf(db: DB, personId: string) {
  return db
    .selectFrom("withdrawals")
    .select([
      "cohort_id",
      "kind",
      "reason",
      "rule",
      "status",
      "requested_at",
      "decided_at",
      "decision_note",
      "refund_cents",
    ])
    .where("person_id", "=", personId)
    .orderBy("requested_at")
    .execute();
}
