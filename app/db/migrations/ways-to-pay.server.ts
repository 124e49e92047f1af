import type { Kysely, Migration } from "kysely";
import { addColumns, addIndex, column, createTables, notNullDefault, personId } from "./ddl.server";

/**
 * Ways to pay (issue 49, decision 0071): promo codes, scholarships and referral codes in one
 * table; the owner's referral terms; each referral's credit; and on each seat hold and payment
 * the code it used and what it charged.
 */
export const waysToPay: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      promo_codes: {
        columns: {
          id: "text primary key",
          code: "text not null",
          code_key: "text not null unique",
          kind: "text not null",
          percent_off: column("integer"),
          amount_off_cents: column("integer"),
          cohort_id: column("text", (c) => c.references("cohorts.id").onDelete("cascade")),
          max_uses: column("integer"),
          uses: notNullDefault("integer", 0),
          expires_at: "text",
          email: "text",
          note: notNullDefault("text", ""),
          referrer_person_id: column("text", (c) => c.references("people.id").onDelete("cascade")),
          disabled_at: "text",
          created_at: "text not null",
          updated_at: "text not null",
        },
        constraints: (t) =>
          t.addUniqueConstraint("promo_codes_one_per_referrer", ["referrer_person_id"]),
      },
      referral_settings: {
        columns: {
          id: column("integer", (c) => c.primaryKey()),
          friend_discount_cents: "integer not null",
          referrer_reward_cents: "integer not null",
          updated_at: "text not null",
        },
      },
      referral_credits: {
        columns: {
          id: "text primary key",
          referrer_person_id: personId,
          friend_person_id: column("text", (c) =>
            c.notNull().references("people.id").onDelete("cascade"),
          ),
          payment_id: column("text", (c) =>
            c.notNull().unique().references("payments.id").onDelete("cascade"),
          ),
          amount_cents: "integer not null",
          status: "text not null",
          settled_at: "text",
          created_at: "text not null",
        },
        indexes: { referral_credits_referrer: ["referrer_person_id"] },
      },
    });
    await addColumns(db, "seat_holds", { promo_code_id: "text", amount_cents: column("integer") });
    await addIndex(db, "seat_holds_promo_code_idx", "seat_holds", ["promo_code_id", "status"]);
    await addColumns(db, "payments", {
      promo_code_id: "text",
      promo_code: "text",
      discount_cents: notNullDefault("integer", 0),
    });
  },
};
