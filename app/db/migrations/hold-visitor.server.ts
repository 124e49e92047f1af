import type { Kysely, Migration } from "kysely";
import { addIndex } from "./ddl.server";

/** Seat holds remember the browser that took them, so one visitor holds at most one seat. */
export const holdVisitor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("seat_holds").addColumn("visitor_id", "text").execute();
    await addIndex(db, "seat_holds_visitor_idx", "seat_holds", ["visitor_id"]);
  },
};
