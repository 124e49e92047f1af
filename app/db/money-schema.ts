/**
 * Ways to pay (issue 49, decision 0071): promo codes, scholarships and referral codes (one table),
 * the owner's referral terms, and what each referral earned its referrer. Amounts in whole cents.
 */

/** A code a buyer types on /enroll: percent or amount off, with its limits. */
export interface PromoCodesTable {
  id: string;
  /** As people read it ("SPRING-7K3MQ-9TXAB"). */
  code: string;
  /** Upper case, letters and digits only: what a typed code is looked up by (unique). */
  code_key: string;
  kind: "percent" | "amount";
  percent_off: number | null;
  amount_off_cents: number | null;
  /** Null: every cohort. */
  cohort_id: string | null;
  /** Null: no limit. */
  max_uses: number | null;
  /** Paid uses; counted under the cohort's lock when a payment takes its seat. */
  uses: number;
  expires_at: string | null;
  /** A scholarship: only this address may use it. */
  email: string | null;
  /** The owner's label ("Scholarship: State U career office"). */
  note: string;
  /** A student's personal referral code. */
  referrer_person_id: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The owner's referral terms: one row (id 1); 0 cents turns referrals off. */
export interface ReferralSettingsTable {
  id: number;
  friend_discount_cents: number;
  referrer_reward_cents: number;
  updated_at: string;
}

export type ReferralCreditStatus = "owed" | "refunded" | "void";

/** What one friend's paid seat earned the student who referred them. */
export interface ReferralCreditsTable {
  id: string;
  referrer_person_id: string;
  friend_person_id: string;
  /** The friend's payment (unique: one credit per payment). */
  payment_id: string;
  amount_cents: number;
  status: ReferralCreditStatus;
  settled_at: string | null;
  created_at: string;
}
