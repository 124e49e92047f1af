import type { Kysely, Migration } from "kysely";
import { addColumns } from "./ddl.server";

/**
 * A mentor's own time zone (IANA, e.g. Europe/London): their availability is kept as wall-clock
 * times in it, and their pages and emails show times in it. Null: the site's zone.
 */
export const mentorTimeZone: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db, "mentors", { time_zone: "text" });
  },
};
