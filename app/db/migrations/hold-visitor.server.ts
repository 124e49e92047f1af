import type { Kysely, Migration } from "kysely";
import { addColumns, addIndex } from "./ddl.server";

/** Seat holds remember the browser that took them, so one visitor holds at most one seat. */
export const holdVisitor: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "seat_holds", { visitor_id: "text" });
    await addIndex(db, "seat_holds_visitor_idx", "seat_holds", ["visitor_id"]);
  },
};
