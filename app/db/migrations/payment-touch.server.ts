import type { Kysely, Migration } from "kysely";
import { addColumns } from "./ddl.server";

/**
 * The person's last tagged visit as it stood when they paid (JSON of the link's tags), so
 * last-touch attribution credits the payment to what came before it, never to a visit after.
 */
export const paymentTouch: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "payments", { last_touch: "text" });
  },
};
