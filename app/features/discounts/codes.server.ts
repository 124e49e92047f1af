import { randomBytes, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { Db } from "~/db/database.server";
import type { PromoCodesTable } from "~/db/money-schema";
import type { Engine } from "~/db/migrations.server";
import { seatPrice, type Discount, type Price } from "~/features/enrollment/price";
import { takesSeat } from "~/features/enrollment/seat-queries.server";
import { codeKey, codeRefusal, newCode, type CodeRefusal, type CodeTerms } from "./codes";
import { readReferralSettings } from "./referral-settings.server";
import type { NewCodeForm } from "./code-forms";
import type { Services } from "~/context";
import { recordAudit } from "~/features/accounts/audit.server";
import { addDays } from "~/lib/calendar-date";
import { zonedTimeToUtc } from "~/lib/time-zone";

export type CodeRow = Selectable<PromoCodesTable>;

/** A code a buyer may use now, with the price it gives them. */
export type CodeCheck =
  { kind: "ok"; code: CodeRow; price: Price } | { kind: "refused"; reason: CodeRefusal };

/** The code a buyer typed, found by its key (case, spaces and dashes do not matter). */
export async function findCode(db: Db, typed: string, engine?: Engine) {
  const key = codeKey(typed);
  if (!key) return undefined;
  let query = db.selectFrom("promo_codes").selectAll().where("code_key", "=", key);
  // Inside a checkout's transaction the row is locked, so two buyers of its last use queue.
  if (engine === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * A code's uses taken: paid ones, plus the open checkouts and offers holding one (a hold that
 * expires gives its use back). The buyer's own holds are left out: starting again releases them.
 */
export async function reservedUses(
  db: Db,
  code: CodeRow,
  nowIso: string,
  exceptPersonId: string | null,
): Promise<number> {
  let query = db
    .selectFrom("seat_holds")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("promo_code_id", "=", code.id)
    .where(takesSeat(nowIso));
  if (exceptPersonId) {
    query = query.where((eb) =>
      eb.or([eb("person_id", "is", null), eb("person_id", "!=", exceptPersonId)]),
    );
  }
  const held = Number((await query.executeTakeFirstOrThrow()).n);
  return Number(code.uses) + held;
}

/** What a code takes off: its own terms, or, for a referral code, the owner's referral terms now. */
async function discountOf(db: Db, code: CodeRow): Promise<Discount | null> {
  if (code.referrer_person_id) {
    const terms = await readReferralSettings(db);
    if (!terms.on) return null;
    return { kind: "amount", amountOffCents: terms.friendDiscountCents };
  }
  return code.kind === "percent"
    ? { kind: "percent", percentOff: Number(code.percent_off ?? 0) }
    : { kind: "amount", amountOffCents: Number(code.amount_off_cents ?? 0) };
}

/**
 * Whether this buyer may use the typed code in this cohort now, and the price it gives. Called
 * by /enroll to show the price and again under the cohort's lock when the checkout starts.
 */
export async function checkCode(
  db: Db,
  typed: string,
  buyer: { personId: string; email: string },
  at: { cohortId: string; nowIso: string; engine?: Engine },
): Promise<CodeCheck> {
  const code = await findCode(db, typed, at.engine);
  const discount = code ? await discountOf(db, code) : null;
  if (!code || !discount) return { kind: "refused", reason: "unknown" };
  const terms: CodeTerms = {
    discount,
    cohortId: code.cohort_id,
    maxUses: code.max_uses === null ? null : Number(code.max_uses),
    expiresAt: code.expires_at,
    email: code.email,
    referrerPersonId: code.referrer_person_id,
    disabled: code.disabled_at !== null,
  };
  const reserved =
    terms.maxUses === null ? 0 : await reservedUses(db, code, at.nowIso, buyer.personId);
  const reason = codeRefusal(terms, buyer, { ...at, reserved });
  if (reason) return { kind: "refused", reason };
  return { kind: "ok", code, price: seatPrice(discount) };
}

export interface NewCode {
  prefix: string;
  discount: Discount;
  cohortId: string | null;
  maxUses: number | null;
  expiresAt: string | null;
  email: string | null;
  note: string;
  referrerPersonId?: string;
}

/** Inserts a new code with fresh random characters (a clash, about never, draws again). */
export async function insertCode(db: Db, input: NewCode, nowIso: string): Promise<CodeRow> {
  for (let attempt = 0; ; attempt++) {
    const code = newCode(input.prefix, (n) => randomBytes(n));
    const key = codeKey(code);
    const clash = await db
      .selectFrom("promo_codes")
      .select("id")
      .where("code_key", "=", key)
      .executeTakeFirst();
    if (clash && attempt < 5) continue;
    const row: CodeRow = {
      id: randomUUID(),
      code,
      code_key: key,
      kind: input.discount.kind,
      percent_off: input.discount.kind === "percent" ? input.discount.percentOff : null,
      amount_off_cents: input.discount.kind === "amount" ? input.discount.amountOffCents : null,
      cohort_id: input.cohortId,
      max_uses: input.maxUses,
      uses: 0,
      expires_at: input.expiresAt,
      email: input.email,
      note: input.note,
      referrer_person_id: input.referrerPersonId ?? null,
      disabled_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await db.insertInto("promo_codes").values(row).execute();
    return row;
  }
}

/** Every code but students' referral codes, newest first, for the owner's list. */
export async function listCodes(db: Db) {
  return db
    .selectFrom("promo_codes")
    .leftJoin("cohorts", "cohorts.id", "promo_codes.cohort_id")
    .selectAll("promo_codes")
    .select("cohorts.start_date as cohort_start")
    .where("promo_codes.referrer_person_id", "is", null)
    .orderBy("promo_codes.created_at", "desc")
    .orderBy("promo_codes.id")
    .execute();
}

/** Turns a code off (it then answers "unknown") or back on; false when there is no such code. */
export async function setCodeOff(db: Db, id: string, off: boolean, nowIso: string) {
  const row = await db
    .updateTable("promo_codes")
    .set({ disabled_at: off ? nowIso : null, updated_at: nowIso })
    .where("id", "=", id)
    .where("referrer_person_id", "is", null)
    .returning(["code"])
    .executeTakeFirst();
  return row?.code ?? null;
}

/**
 * The owner's new code from /admin/codes, audited. A last day is the whole of that day in the
 * site's zone. Refused: a cohort that does not exist, a last day already gone.
 */
export async function createCode(
  services: Services,
  actor: string,
  form: NewCodeForm,
): Promise<{ kind: "created"; code: string } | { kind: "bad_cohort" } | { kind: "past_day" }> {
  const { db, clock, config } = services;
  const now = clock.now();
  if (form.cohortId) {
    const cohort = await db
      .selectFrom("cohorts")
      .select("id")
      .where("id", "=", form.cohortId)
      .executeTakeFirst();
    if (!cohort) return { kind: "bad_cohort" };
  }
  const expiresAt = form.expires
    ? zonedTimeToUtc(addDays(form.expires, 1), "00:00", config.siteTimeZone)
    : null;
  if (expiresAt && expiresAt <= now) return { kind: "past_day" };
  const discount: Discount =
    form.kind === "percent"
      ? { kind: "percent", percentOff: form.percent ?? 0 }
      : { kind: "amount", amountOffCents: form.amount ?? 0 };
  const row = await insertCode(
    db,
    {
      prefix: form.prefix ?? "",
      discount,
      cohortId: form.cohortId || null,
      maxUses: form.maxUses ?? null,
      expiresAt: expiresAt?.toISOString() ?? null,
      email: form.email ?? null,
      note: form.note ?? "",
    },
    now.toISOString(),
  );
  // The code is the owner's to share; the audit names it, never the scholarship's address.
  await recordAudit(db, actor, "code.create", { code: row.code }, now);
  return { kind: "created", code: row.code };
}
