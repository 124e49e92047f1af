import type { Db } from "~/db/database.server";

/** The owner's referral terms: what a referred friend saves, what their referrer earns. */
export interface ReferralTerms {
  friendDiscountCents: number;
  referrerRewardCents: number;
  /** Referrals are on while either amount is above zero. */
  on: boolean;
}

/** The terms in force (none set yet: referrals off). */
export async function readReferralSettings(db: Db): Promise<ReferralTerms> {
  const row = await db
    .selectFrom("referral_settings")
    .select(["friend_discount_cents", "referrer_reward_cents"])
    .where("id", "=", 1)
    .executeTakeFirst();
  const friendDiscountCents = Number(row?.friend_discount_cents ?? 0);
  const referrerRewardCents = Number(row?.referrer_reward_cents ?? 0);
  return {
    friendDiscountCents,
    referrerRewardCents,
    on: friendDiscountCents > 0 || referrerRewardCents > 0,
  };
}

/** Saves the owner's terms (one row). */
export async function saveReferralSettings(
  db: Db,
  terms: { friendDiscountCents: number; referrerRewardCents: number },
  nowIso: string,
): Promise<void> {
  const values = {
    friend_discount_cents: terms.friendDiscountCents,
    referrer_reward_cents: terms.referrerRewardCents,
    updated_at: nowIso,
  };
  await db
    .insertInto("referral_settings")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}
