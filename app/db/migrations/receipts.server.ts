import type { Kysely, Migration } from "kysely";
import { addColumns, column, createTables } from "./ddl.server";

/**
 * Receipts (issue 49, item 4; decision 0069). `business_details`: one row, the legal name and
 * postal address the owner gives for receipts. `payment_billing`: what a student adds to the
 * receipt of one payment (who paid, a company or university, a billing address), deleted with the
 * payment. `payments.tax_cents`: the tax Stripe Tax calculated on the payment, when it did (null:
 * no tax was calculated, every payment before this).
 */
export const receipts: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      business_details: {
        columns: {
          id: "text primary key",
          legal_name: "text not null",
          address: "text not null",
          updated_at: "text not null",
        },
      },
      payment_billing: {
        columns: {
          payment_id: column("text", (c) =>
            c.primaryKey().references("payments.id").onDelete("cascade"),
          ),
          payer_name: "text",
          organization: "text",
          address: "text",
          updated_at: "text not null",
        },
      },
    });
    await addColumns(db, "payments", { tax_cents: column("integer") });
  },
};
