import type { Services } from "~/context";
import type { Db } from "~/db/database.server";
import type { ReferralCreditStatus } from "~/db/money-schema";
import { isUniqueViolation } from "~/db/errors.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { liveSeat } from "~/features/enrollment/seat-queries.server";
import { errorMessage, log } from "~/lib/logger.server";
import { insertCode } from "./codes.server";
import { readReferralSettings } from "./referral-settings.server";

/**
 * Referrals (issue 49, item 2): each enrolled student's personal code, and what each friend who
 * paid with it earned them. The owner pays a reward as a partial refund of the referrer's seat.
 */

/** The student's referral code, made the first time they are shown it (one per person). */
export async function referralCodeFor(db: Db, personId: string, nowIso: string): Promise<string> {
  const existing = () =>
    db
      .selectFrom("promo_codes")
      .select("code")
      .where("referrer_person_id", "=", personId)
      .executeTakeFirst();
  const found = await existing();
  if (found) return found.code;
  const person = await db
    .selectFrom("people")
    .select("first_name")
    .where("id", "=", personId)
    .executeTakeFirstOrThrow();
  try {
    const row = await insertCode(
      db,
      {
        prefix: person.first_name
          .normalize("NFKD")
          .replace(/[^A-Za-z]/g, "")
          .slice(0, 8),
        // A referral code's discount is the owner's terms at the time of use, not this row's.
        discount: { kind: "amount", amountOffCents: 0 },
        cohortId: null,
        maxUses: null,
        expiresAt: null,
        email: null,
        note: "",
        referrerPersonId: personId,
      },
      nowIso,
    );
    return row.code;
  } catch (error) {
    // Two tabs at once: the other made it (one code per person, a unique constraint).
    if (!isUniqueViolation(error)) throw error;
    return (await existing())!.code;
  }
}

/** What a student's home shows about referring a friend (null while referrals are off). */
export async function referralCard(db: Db, personId: string, nowIso: string) {
  const terms = await readReferralSettings(db);
  if (!terms.on) return null;
  const code = await referralCodeFor(db, personId, nowIso);
  const credits = await db
    .selectFrom("referral_credits")
    .select(["amount_cents", "status"])
    .where("referrer_person_id", "=", personId)
    .execute();
  const sum = (status: string) =>
    credits.filter((c) => c.status === status).reduce((n, c) => n + Number(c.amount_cents), 0);
  return {
    code,
    friendSavesCents: terms.friendDiscountCents,
    rewardCents: terms.referrerRewardCents,
    friends: credits.filter((c) => c.status !== "void").length,
    owedCents: sum("owed"),
    paidCents: sum("refunded"),
  };
}

/** Every referral reward, newest first, with both people's names, for the owner. */
export function listCredits(db: Db) {
  return db
    .selectFrom("referral_credits")
    .innerJoin("people as referrer", "referrer.id", "referral_credits.referrer_person_id")
    .innerJoin("people as friend", "friend.id", "referral_credits.friend_person_id")
    .select([
      "referral_credits.id",
      "referral_credits.amount_cents",
      "referral_credits.status",
      "referral_credits.created_at",
      "referral_credits.referrer_person_id",
      "referral_credits.friend_person_id",
      "referrer.first_name as referrer_first",
      "referrer.last_name as referrer_last",
      "friend.first_name as friend_first",
      "friend.last_name as friend_last",
    ])
    .orderBy("referral_credits.created_at", "desc")
    .orderBy("referral_credits.id")
    .execute();
}

/** The referral lines of one person's page: whom they referred, and who referred them. */
export async function referralsOfPerson(db: Db, personId: string) {
  const all = await listCredits(db);
  return {
    referred: all.filter((c) => c.referrer_person_id === personId),
    referredBy: all.find((c) => c.friend_person_id === personId) ?? null,
  };
}

export type SettleResult = "refunded" | "voided" | "not_owed" | "no_seat" | "provider_failed";

/**
 * The owner settles an owed reward: refunds it on the referrer's paid seat through the provider,
 * or voids it. Only an owed reward changes, once (a second click finds it settled).
 */
export async function settleCredit(
  services: Services,
  actor: string,
  creditId: string,
  how: "refund" | "void",
): Promise<SettleResult> {
  const { db, clock } = services;
  const credit = await db
    .selectFrom("referral_credits")
    .selectAll()
    .where("id", "=", creditId)
    .where("status", "=", "owed")
    .executeTakeFirst();
  if (!credit) return "not_owed";
  const now = clock.now();
  const seat = await liveSeat(db, credit.referrer_person_id)
    .select(["payments.session_id", "payments.amount_cents"])
    .executeTakeFirst();
  if (how === "refund" && (!seat || Number(seat.amount_cents) < Number(credit.amount_cents)))
    return "no_seat";
  // Claimed first, so two clicks refund once; given back if the provider refuses.
  const mark = (from: ReferralCreditStatus, to: ReferralCreditStatus, settledAt: string | null) =>
    db
      .updateTable("referral_credits")
      .set({ status: to, settled_at: settledAt })
      .where("id", "=", creditId)
      .where("status", "=", from)
      .executeTakeFirst();
  const claimed = await mark("owed", how === "refund" ? "refunded" : "void", now.toISOString());
  if (Number(claimed.numUpdatedRows) === 0) return "not_owed";
  if (how === "refund" && seat) {
    try {
      const amount = Number(credit.amount_cents);
      await services.payments.refund(seat.session_id, amount, `referral-${creditId}`);
    } catch (error) {
      log.error("referral reward refund failed", { error: errorMessage(error) });
      await mark("refunded", "owed", null);
      return "provider_failed";
    }
  }
  await recordAudit(db, actor, `referral.${how}`, { credit: creditId }, now);
  return how === "refund" ? "refunded" : "voided";
}

/**
 * What a person's data export holds about referrals: their own code, and each reward it earned
 * (the friend's name is theirs to know: it is on the student's home tally as a count only).
 */
export async function referralsExport(db: Db, personId: string) {
  const code = await db
    .selectFrom("promo_codes")
    .select(["code", "created_at"])
    .where("referrer_person_id", "=", personId)
    .executeTakeFirst();
  const rewards = await db
    .selectFrom("referral_credits")
    .select(["amount_cents", "status", "created_at", "settled_at"])
    .where("referrer_person_id", "=", personId)
    .orderBy("created_at")
    .execute();
  return { code: code?.code ?? null, rewards };
}
