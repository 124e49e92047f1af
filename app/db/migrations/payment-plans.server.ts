import type { Kysely, Migration } from "kysely";
import { addColumns, column, createTables, notNullDefault, personId } from "./ddl.server";

/**
 * Payment plans (issue 49, decision 0070): the owner's plan terms (one row), each plan a paid
 * seat runs on, and each of its instalments; and on a seat hold the plan its checkout chose.
 */
export const paymentPlans: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      payment_plan_settings: {
        columns: {
          id: column("integer", (c) => c.primaryKey()),
          enabled: "integer not null",
          payments: "integer not null",
          surcharge_cents: "integer not null",
          updated_at: "text not null",
        },
      },
      payment_plans: {
        columns: {
          id: "text primary key",
          payment_id: column("text", (c) =>
            c.notNull().unique().references("payments.id").onDelete("cascade"),
          ),
          person_id: personId,
          cohort_id: column("text", (c) =>
            c.notNull().references("cohorts.id").onDelete("cascade"),
          ),
          provider: "text not null",
          subscription_id: "text unique",
          payments: "integer not null",
          total_cents: "integer not null",
          status: "text not null",
          decision: "text",
          decided_at: "text",
          test_card_fails: notNullDefault("integer", 0),
          created_at: "text not null",
          updated_at: "text not null",
        },
        indexes: { payment_plans_cohort: ["cohort_id", "status"] },
      },
      plan_instalments: {
        columns: {
          id: "text primary key",
          plan_id: column("text", (c) =>
            c.notNull().references("payment_plans.id").onDelete("cascade"),
          ),
          number: "integer not null",
          due_at: "text not null",
          amount_cents: "integer not null",
          status: "text not null",
          attempts: notNullDefault("integer", 0),
          next_attempt_at: "text",
          provider_invoice_id: "text",
          paid_at: "text",
          locked_until: "text",
          updated_at: "text not null",
        },
        constraints: (t) => t.addUniqueConstraint("plan_instalments_number", ["plan_id", "number"]),
        indexes: { plan_instalments_due: ["status", "next_attempt_at"] },
      },
    });
    await addColumns(db, "seat_holds", {
      plan_payments: column("integer"),
      plan_surcharge_cents: column("integer"),
    });
  },
};
