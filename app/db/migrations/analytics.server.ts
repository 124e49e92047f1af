import type { Kysely, Migration } from "kysely";
import {
  addIndex,
  addUniqueIndex,
  column,
  createTable,
  createTables,
  notNullDefault,
  type ColumnSpec,
  type Columns,
} from "./ddl.server";

/** The touch columns a visitor and a roll-up carry: '' where the link had no such tag. */
const TOUCH = ["source", "medium", "campaign", "content", "term", "vid"] as const;

/** The TOUCH columns, each defined as `spec`. */
function touchColumns(spec: ColumnSpec): Columns {
  return Object.fromEntries(TOUCH.map((name) => [name, spec]));
}

/**
 * Visits counted on the server. `page_views` holds the raw views for ANALYTICS_RAW_DAYS;
 * `visitors` one row per browser seen (when it first came, by which link, and the person it
 * became); `person_arrivals` per person the first browser that brought them; the daily roll-ups (`analytics_days`, `analytics_pages`, `analytics_arrivals`) are
 * written once per closed day and kept for good. See docs/decisions/0029-funnel-analytics.md.
 */
export const analytics: Migration = {
  async up(db: Kysely<unknown>) {
    await createTables(db, {
      page_views: {
        columns: {
          at: "text not null",
          day: "text not null",
          path: "text not null",
          visitor_id: "text",
          entry: "integer not null",
          referrer_host: "text",
          ...touchColumns(notNullDefault("text", "")),
        },
        indexes: { page_views_day: ["day"] },
      },
      visitors: {
        columns: {
          id: "text primary key",
          first_seen_at: "text not null",
          first_day: "text not null",
          last_seen_at: "text not null",
          person_id: column("text", (c) => c.references("people.id").onDelete("set null")),
          ...touchColumns(notNullDefault("text", "")),
        },
        indexes: {
          visitors_first_day: ["first_day"],
          visitors_last_seen: ["last_seen_at"],
          visitors_person: ["person_id", "first_seen_at"],
        },
      },
    });
    // The funnel finds the person a browser became through the forms it sent.
    await addIndex(db, "submissions_visitor_idx", "submissions", ["visitor_id"]);

    // Per person, the first sight of the first browser linked to them: the funnel's cohort.
    await createTable(db, "person_arrivals", {
      columns: {
        person_id: column("text", (c) =>
          c.primaryKey().references("people.id").onDelete("cascade"),
        ),
        visitor_id: "text not null",
        first_seen_at: "text not null",
        first_day: "text not null",
        ...touchColumns("text not null"),
      },
      // Covering: the period's leads are counted per touch from the index alone.
      indexes: { person_arrivals_day: ["first_day", ...TOUCH] },
    });
    // The funnel starts from each step's rows (applications, checkouts, payments) by person.
    await addIndex(db, "submissions_type_person_idx", "submissions", [
      "type",
      "person_id",
      "status",
    ]);
    await addIndex(db, "seat_holds_person_idx", "seat_holds", ["person_id"]);
    await addIndex(db, "payments_person_idx", "payments", ["person_id", "status"]);

    await createTables(db, {
      analytics_days: {
        columns: {
          day: "text primary key",
          views: "integer not null",
          visitors: "integer not null",
          anonymous_views: "integer not null",
          rolled_at: "text not null",
        },
      },
      analytics_pages: {
        columns: { day: "text not null", path: "text not null", views: "integer not null" },
        constraints: (t) => t.addPrimaryKeyConstraint("analytics_pages_pk", ["day", "path"]),
      },
      analytics_arrivals: {
        columns: {
          day: "text not null",
          visitors: "integer not null",
          ...touchColumns("text not null"),
        },
      },
    });
    await addUniqueIndex(db, "analytics_arrivals_key", "analytics_arrivals", ["day", ...TOUCH]);
  },
};
