import { randomUUID } from "node:crypto";
import type { Trx } from "~/db/database.server";
import type { Engine } from "~/db/migrations.server";
import type { CodeRow } from "./codes.server";
import { readReferralSettings } from "./referral-settings.server";

/**
 * A code's use is counted when its payment takes the seat, in the same transaction and under
 * the same cohort lock (decision 0071): a code limited to 3 uses is never paid for a 4th time.
 */

/** The code a paid checkout used, its row locked for the rest of the transaction. */
export async function usedCode(
  trx: Trx,
  codeId: string | null,
  engine: Engine,
): Promise<CodeRow | null> {
  if (!codeId) return null;
  let query = trx.selectFrom("promo_codes").selectAll().where("id", "=", codeId);
  if (engine === "postgres") query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Whether the code still has a use for this payment. An open checkout always does (its use was
 * reserved when it started); a payment that completes after its checkout expired may find the
 * last use taken by someone else, and is then refunded like a payment that found the cohort full.
 */
export function codeHasUse(code: CodeRow | null): boolean {
  return !code || code.max_uses === null || Number(code.uses) < Number(code.max_uses);
}

/** Why a payment could not take its seat (kept on the payment for the owner). */
export function lateReason(code: CodeRow | null): string {
  return codeHasUse(code)
    ? "cohort filled before the payment completed"
    : "code used up before the payment completed";
}

/** Counts the use and, for a referral code, records what the referrer earned. */
export async function countCodeUse(
  trx: Trx,
  code: CodeRow,
  paid: { paymentId: string; personId: string },
  nowIso: string,
): Promise<void> {
  await trx
    .updateTable("promo_codes")
    .set((eb) => ({ uses: eb("uses", "+", 1), updated_at: nowIso }))
    .where("id", "=", code.id)
    .execute();
  if (!code.referrer_person_id) return;
  const terms = await readReferralSettings(trx);
  if (terms.referrerRewardCents <= 0) return;
  await trx
    .insertInto("referral_credits")
    .values({
      id: randomUUID(),
      referrer_person_id: code.referrer_person_id,
      friend_person_id: paid.personId,
      payment_id: paid.paymentId,
      amount_cents: terms.referrerRewardCents,
      status: "owed",
      settled_at: null,
      created_at: nowIso,
    })
    .execute();
}
