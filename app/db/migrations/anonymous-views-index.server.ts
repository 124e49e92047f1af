import { sql, type Kysely, type Migration } from "kysely";

/**
 * The funnel's days not rolled up yet (issue 46, bench drill h) count each landing of a browser
 * that asked not to be tracked as a visitor. Those views are a few in a hundred: a partial index
 * finds them without reading every view of the day. (No tag columns in it: rows stored before
 * tags were cut to 200 bytes could overflow PostgreSQL's index row.)
 */
export const anonymousViewsIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("page_views_anonymous_day")
      .on("page_views")
      .columns(["day", "entry"])
      .where(sql.ref("visitor_id"), "is", null)
      .execute();
  },
};
