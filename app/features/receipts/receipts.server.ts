import type { Services } from "~/context";
import type { Db } from "~/db/database.server";
import { site } from "~/content/site";
import type { BillingInput } from "./billing-form";
import { businessDetails } from "./business.server";
import {
  buildReceipt,
  receiptNumber,
  refundState,
  type BillingDetails,
  type PaymentFacts,
} from "./receipt";

/**
 * Receipts in the database (decision 0069): every payment has one, read from the payment, its
 * person and cohort, the request to leave that settled it (what it gave back) and what the student
 * added (payment_billing). Every query of a student's names them: another's payment is, to them,
 * not there.
 */

function paymentsWithFacts(db: Db) {
  return db
    .selectFrom("payments")
    .leftJoin("people", "people.id", "payments.person_id")
    .leftJoin("cohorts", "cohorts.id", "payments.cohort_id")
    .leftJoin("payment_billing", "payment_billing.payment_id", "payments.id")
    .select((eb) => [
      "payments.id",
      "payments.person_id",
      "payments.created_at",
      "payments.amount_cents",
      "payments.discount_cents",
      "payments.promo_code",
      "payments.tax_cents",
      "payments.provider",
      "payments.status",
      "payments.refunded_at",
      "payments.email",
      "cohorts.start_date",
      "people.first_name",
      "people.last_name",
      "payment_billing.payer_name",
      "payment_billing.organization",
      "payment_billing.address",
      eb
        .selectFrom("withdrawals")
        .select("withdrawals.refund_cents")
        .whereRef("withdrawals.payment_id", "=", "payments.id")
        .where("withdrawals.status", "=", "approved")
        .orderBy("withdrawals.decided_at", "desc")
        .limit(1)
        .as("withdrawal_refund_cents"),
    ]);
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof paymentsWithFacts>["executeTakeFirst"]>>;

function factsOf(row: NonNullable<FactsRow>): PaymentFacts {
  const refund = row.withdrawal_refund_cents;
  return {
    id: row.id,
    createdAt: row.created_at,
    amountCents: Number(row.amount_cents),
    discountCents: Number(row.discount_cents),
    promoCode: row.promo_code,
    taxCents: row.tax_cents === null ? null : Number(row.tax_cents),
    provider: row.provider,
    status: row.status,
    refundedAt: row.refunded_at,
    withdrawalRefundCents: refund === null || refund === undefined ? null : Number(refund),
    cohortStart: row.start_date ?? null,
    email: row.email,
    personName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(),
  };
}

const billingOf = (row: NonNullable<FactsRow>): BillingDetails => ({
  payerName: row.payer_name ?? null,
  organization: row.organization ?? null,
  address: row.address ?? null,
});

/** A student's payments, newest first, as their list of receipts shows them. */
export async function receiptsOf(db: Db, personId: string) {
  const rows = await paymentsWithFacts(db)
    .where("payments.person_id", "=", personId)
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id")
    .execute();
  return rows.map((row) => {
    const facts = factsOf(row);
    return {
      id: facts.id,
      number: receiptNumber(facts.id, facts.createdAt),
      amountCents: facts.amountCents,
      paidAt: facts.createdAt,
      refund: refundState(facts).kind,
    };
  });
}

/**
 * One payment's receipt in `zone`, or null when there is no such payment, or (`personId` given)
 * it is someone else's. The owner passes no `personId`.
 */
export async function loadReceipt(
  services: Services,
  paymentId: string,
  reader: { personId: string | null; zone: string },
) {
  let query = paymentsWithFacts(services.db).where("payments.id", "=", paymentId);
  if (reader.personId !== null) query = query.where("payments.person_id", "=", reader.personId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const facts = factsOf(row);
  const billing = billingOf(row);
  const business = await businessDetails(services.db);
  const receipt = buildReceipt(facts, billing, business, {
    name: site.name,
    contactEmail: services.config.contactEmail,
    zone: reader.zone,
  });
  return { receipt, facts, billing, personId: row.person_id, businessSet: business !== null };
}

/**
 * Saves what the student adds to the receipt of one of their payments; false when the payment is
 * not theirs (nothing written).
 */
export async function saveBilling(
  services: Services,
  personId: string,
  paymentId: string,
  input: BillingInput,
): Promise<boolean> {
  const nowIso = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("payments")
      .select("id")
      .where("id", "=", paymentId)
      .where("person_id", "=", personId)
      .executeTakeFirst();
    if (!own) return false;
    const values = {
      payer_name: input.payerName,
      organization: input.organization,
      address: input.address,
      updated_at: nowIso,
    };
    await trx
      .insertInto("payment_billing")
      .values({ payment_id: paymentId, ...values })
      .onConflict((oc) => oc.column("payment_id").doUpdateSet(values))
      .execute();
    return true;
  });
}

/** What the student added to their receipts, for the privacy export. */
export async function billingExport(db: Db, personId: string) {
  return db
    .selectFrom("payment_billing")
    .innerJoin("payments", "payments.id", "payment_billing.payment_id")
    .select([
      "payment_billing.payment_id",
      "payment_billing.payer_name",
      "payment_billing.organization",
      "payment_billing.address",
      "payment_billing.updated_at",
    ])
    .where("payments.person_id", "=", personId)
    .orderBy("payments.created_at", "desc")
    .execute();
}

/** Erasure: what the student added to their receipts goes (the payments stay for the counts). */
export async function eraseBilling(db: Db, personId: string) {
  await db
    .deleteFrom("payment_billing")
    .where("payment_id", "in", (eb) =>
      eb.selectFrom("payments").select("id").where("person_id", "=", personId),
    )
    .execute();
}
