import type { DB } from "~/db/database.server";
import { keptByPayment, REVENUE_STATUSES } from "~/features/enrollment/figures.server";
import {
  cohortMoney,
  moneyByCode,
  moneyByReferrer,
  type CohortMoney,
  type MoneyCredit,
  type MoneyPayment,
} from "./money";
import { outstandingPlanCents } from "~/features/payment-plans/plans.server";

/** A person's name from a left join (an erased or missing person reads as nothing). */
const fullName = (first: string | null, last: string | null) =>
  `${first ?? ""} ${last ?? ""}`.trim();

/**
 * The payments of these cohorts that took money in (paid, or refunded since), oldest first, each
 * with what it kept by decision 0052's one rule (`keptByPayment`).
 */
export async function moneyPayments(db: DB, cohortIds: readonly string[]): Promise<MoneyPayment[]> {
  if (cohortIds.length === 0) return [];
  const rows = await db
    .selectFrom("payments as pay")
    .leftJoin("people as buyer", "buyer.id", "pay.person_id")
    .leftJoin("promo_codes as code", "code.id", "pay.promo_code_id")
    .leftJoin("people as referrer", "referrer.id", "code.referrer_person_id")
    .select([
      "pay.id",
      "pay.cohort_id",
      "pay.created_at",
      "pay.email",
      "pay.status",
      "pay.amount_cents",
      "pay.discount_cents",
      "pay.promo_code",
      "buyer.first_name",
      "buyer.last_name",
      "code.referrer_person_id",
      "referrer.first_name as referrer_first",
      "referrer.last_name as referrer_last",
      "referrer.email as referrer_email",
    ])
    .where("pay.cohort_id", "in", cohortIds)
    .where("pay.status", "in", REVENUE_STATUSES)
    .orderBy("pay.created_at")
    .orderBy("pay.id")
    .execute();
  const kept = await keptByPayment(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    cohortId: row.cohort_id,
    paidAt: row.created_at,
    name: fullName(row.first_name, row.last_name),
    email: row.email,
    status: row.status === "paid" ? "paid" : "refunded",
    code: row.promo_code,
    referrerId: row.referrer_person_id,
    referrerName: row.referrer_person_id
      ? fullName(row.referrer_first, row.referrer_last) || (row.referrer_email ?? "")
      : null,
    chargedCents: Number(row.amount_cents),
    discountCents: Number(row.discount_cents),
    keptCents: kept.get(row.id) ?? 0,
  }));
}

/** What the friends' payments of these cohorts earned their referrers. */
export async function moneyCredits(db: DB, cohortIds: readonly string[]): Promise<MoneyCredit[]> {
  if (cohortIds.length === 0) return [];
  const rows = await db
    .selectFrom("referral_credits as credit")
    .innerJoin("payments as pay", "pay.id", "credit.payment_id")
    .leftJoin("people as referrer", "referrer.id", "credit.referrer_person_id")
    .select([
      "pay.cohort_id",
      "credit.referrer_person_id",
      "credit.amount_cents",
      "credit.status",
      "referrer.first_name",
      "referrer.last_name",
      "referrer.email",
    ])
    .where("pay.cohort_id", "in", cohortIds)
    .execute();
  return rows.map((row) => ({
    cohortId: row.cohort_id,
    referrerId: row.referrer_person_id,
    referrerName: fullName(row.first_name, row.last_name) || (row.email ?? ""),
    cents: Number(row.amount_cents),
    status: row.status,
  }));
}

export interface MoneyCohort {
  id: string;
  startDate: string | null;
}

/**
 * The money page: every cohort's figures (newest first) and, for the chosen one, its lines by
 * code and by referrer.
 */
export async function moneyReport(db: DB, cohorts: readonly MoneyCohort[], chosenId: string) {
  const ids = cohorts.map((c) => c.id);
  const [payments, credits, outstanding] = await Promise.all([
    moneyPayments(db, ids),
    moneyCredits(db, ids),
    Promise.all(ids.map(async (id) => [id, await outstandingPlanCents(db, id)] as const)).then(
      (pairs) => new Map(pairs),
    ),
  ]);
  const rows: (MoneyCohort & { money: CohortMoney })[] = cohorts.map((cohort) => ({
    ...cohort,
    money: cohortMoney(
      payments.filter((p) => p.cohortId === cohort.id),
      credits.filter((c) => c.cohortId === cohort.id),
      outstanding.get(cohort.id) ?? 0,
    ),
  }));
  const chosenPayments = payments.filter((p) => p.cohortId === chosenId);
  const chosenCredits = credits.filter((c) => c.cohortId === chosenId);
  return {
    cohorts: rows,
    byCode: moneyByCode(chosenPayments),
    byReferrer: moneyByReferrer(chosenPayments, chosenCredits),
  };
}

/** Every cohort, newest first (the page's rows and its picker). */
export async function moneyCohorts(db: DB): Promise<MoneyCohort[]> {
  const rows = await db
    .selectFrom("cohorts")
    .select(["id", "start_date"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, startDate: row.start_date }));
}
