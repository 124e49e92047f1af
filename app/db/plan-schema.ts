/**
 * Payment plans (issue 49, decision 0070): the owner's terms, each plan a paid seat runs on and
 * its instalments. Amounts in whole cents; times UTC ISO strings.
 */

/** The owner's plan terms: one row (id 1); none yet, or `enabled` 0: no plan is offered. */
export interface PaymentPlanSettingsTable {
  id: number;
  enabled: number;
  /** How many monthly payments (2–6). */
  payments: number;
  /** What paying over time adds to the seat's price. */
  surcharge_cents: number;
  updated_at: string;
}

/**
 * `active`: paying on schedule. `past_due`: a later payment failed and is being retried.
 * `owner_decides`: the last retry failed; the owner keeps or withdraws the seat. `completed`:
 * every payment made. `cancelled`: the rest will not be charged (refund, withdrawal, decision).
 */
export type PlanStatus = "active" | "past_due" | "owner_decides" | "completed" | "cancelled";

export interface PaymentPlansTable {
  id: string;
  /** The seat's payment (unique); its `amount_cents` is what the plan has brought in so far. */
  payment_id: string;
  person_id: string;
  cohort_id: string;
  provider: string;
  /** Stripe's subscription the plan runs on (null with the test provider). */
  subscription_id: string | null;
  payments: number;
  total_cents: number;
  status: PlanStatus;
  /** The owner's answer after the last retry failed. */
  decision: "keep" | "withdraw" | null;
  decided_at: string | null;
  /** Test provider only: the buyer ticked "card fails on later payments" at the test checkout. */
  test_card_fails: number;
  created_at: string;
  updated_at: string;
}

type InstalmentStatus = "due" | "paid" | "failed" | "cancelled";

export interface PlanInstalmentsTable {
  id: string;
  plan_id: string;
  /** 1 is the first payment, made at checkout. */
  number: number;
  due_at: string;
  amount_cents: number;
  status: InstalmentStatus;
  /** Charges tried so far (the first try and each retry). */
  attempts: number;
  /** When the test provider's job charges it next (null: not by the job). */
  next_attempt_at: string | null;
  provider_invoice_id: string | null;
  paid_at: string | null;
  /** The charging job's lease (claimRows). */
  locked_until: string | null;
  updated_at: string;
}
