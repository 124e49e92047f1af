import type { Kysely, Migration } from "kysely";
import { addColumns } from "./ddl.server";

/**
 * A calendar feed's salt (decision 0053): its token is an HMAC of the salt under a key derived
 * from the server's secret, so the portal can show the same address on every visit while the
 * database alone holds nothing usable. Null: a feed made before this, whose token was random and
 * cannot be shown again ("Reset link" makes one that can).
 */
export const calendarFeedSalt: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "calendar_feeds", { salt: "text" });
  },
};
