import type { Kysely, Migration } from "kysely";
import { addIndex, notNull, primaryKey } from "./ddl.server";

/** The touch columns a visitor and a roll-up carry: '' where the link had no such tag. */
const TOUCH = ["source", "medium", "campaign", "content", "term", "vid"] as const;

/**
 * Visits counted on the server. `page_views` holds the raw views for ANALYTICS_RAW_DAYS;
 * `visitors` one row per browser seen (when it first came, by which link, and the person it
 * became); `person_arrivals` per person the first browser that brought them; the daily roll-ups (`analytics_days`, `analytics_pages`, `analytics_arrivals`) are
 * written once per closed day and kept for good. See docs/decisions/0029-funnel-analytics.md.
 */
export const analytics: Migration = {
  async up(db: Kysely<unknown>) {
    let views = db.schema
      .createTable("page_views")
      .addColumn("at", "text", notNull)
      .addColumn("day", "text", notNull)
      .addColumn("path", "text", notNull)
      .addColumn("visitor_id", "text")
      .addColumn("entry", "integer", notNull)
      .addColumn("referrer_host", "text");
    for (const column of TOUCH) {
      views = views.addColumn(column, "text", (c) => c.notNull().defaultTo(""));
    }
    await views.execute();
    await addIndex(db, "page_views_day", "page_views", ["day"]);

    let visitors = db.schema
      .createTable("visitors")
      .addColumn("id", "text", primaryKey)
      .addColumn("first_seen_at", "text", notNull)
      .addColumn("first_day", "text", notNull)
      .addColumn("last_seen_at", "text", notNull)
      .addColumn("person_id", "text", (c) => c.references("people.id").onDelete("set null"));
    for (const column of TOUCH) {
      visitors = visitors.addColumn(column, "text", (c) => c.notNull().defaultTo(""));
    }
    await visitors.execute();
    await addIndex(db, "visitors_first_day", "visitors", ["first_day"]);
    await addIndex(db, "visitors_last_seen", "visitors", ["last_seen_at"]);
    await addIndex(db, "visitors_person", "visitors", ["person_id", "first_seen_at"]);
    // The funnel finds the person a browser became through the forms it sent.
    await addIndex(db, "submissions_visitor_idx", "submissions", ["visitor_id"]);

    // Per person, the first sight of the first browser linked to them: the funnel's cohort.
    let arrivals = db.schema
      .createTable("person_arrivals")
      .addColumn("person_id", "text", (c) =>
        c.primaryKey().references("people.id").onDelete("cascade"),
      )
      .addColumn("visitor_id", "text", notNull)
      .addColumn("first_seen_at", "text", notNull)
      .addColumn("first_day", "text", notNull);
    for (const column of TOUCH) arrivals = arrivals.addColumn(column, "text", notNull);
    await arrivals.execute();
    // Covering: the period's leads are counted per touch from the index alone.
    await addIndex(db, "person_arrivals_day", "person_arrivals", ["first_day", ...TOUCH]);
    // The funnel starts from each step's rows (applications, checkouts, payments) by person.
    await addIndex(db, "submissions_type_person_idx", "submissions", [
      "type",
      "person_id",
      "status",
    ]);
    await addIndex(db, "seat_holds_person_idx", "seat_holds", ["person_id"]);
    await addIndex(db, "payments_person_idx", "payments", ["person_id", "status"]);

    await db.schema
      .createTable("analytics_days")
      .addColumn("day", "text", primaryKey)
      .addColumn("views", "integer", notNull)
      .addColumn("visitors", "integer", notNull)
      .addColumn("anonymous_views", "integer", notNull)
      .addColumn("rolled_at", "text", notNull)
      .execute();
    await db.schema
      .createTable("analytics_pages")
      .addColumn("day", "text", notNull)
      .addColumn("path", "text", notNull)
      .addColumn("views", "integer", notNull)
      .addPrimaryKeyConstraint("analytics_pages_pk", ["day", "path"])
      .execute();
    let daily = db.schema
      .createTable("analytics_arrivals")
      .addColumn("day", "text", notNull)
      .addColumn("visitors", "integer", notNull);
    for (const column of TOUCH) daily = daily.addColumn(column, "text", notNull);
    await daily.execute();
    await db.schema
      .createIndex("analytics_arrivals_key")
      .on("analytics_arrivals")
      .columns(["day", ...TOUCH])
      .unique()
      .execute();
  },
};
