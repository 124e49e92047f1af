import type { Services } from "~/context";
import type { Db } from "~/db/database.server";
import { recordAudit } from "~/features/accounts/audit.server";
import type { BusinessInput } from "./billing-form";
import type { BusinessDetails } from "./receipt";

/** The one row of business_details (decision 0069). */
const BUSINESS_ID = "business";

/** The owner's business details, or null before they are first saved. */
export async function businessDetails(db: Db): Promise<BusinessDetails | null> {
  const row = await db
    .selectFrom("business_details")
    .select(["legal_name", "address"])
    .where("id", "=", BUSINESS_ID)
    .executeTakeFirst();
  return row ? { legalName: row.legal_name, address: row.address } : null;
}

/** Saves the business details (the row is made on the first save) and audits who changed them. */
export async function saveBusinessDetails(
  services: Services,
  actor: string,
  input: BusinessInput,
): Promise<void> {
  const now = services.clock.now();
  const values = {
    legal_name: input.legalName,
    address: input.address,
    updated_at: now.toISOString(),
  };
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("business_details")
      .values({ id: BUSINESS_ID, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, "business.details", { ...input }, now);
  });
}
