import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { TOUCH_KEYS } from "./funnel";
import { capTouch } from "./page-view";

/**
 * Rows per insert statement (12 columns each) and ids per `in` list: well inside both engines'
 * parameter limits.
 */
export const ROWS_PER_INSERT = 500;

/** A later flush (or another instance) may carry an earlier first sight: the earliest wins. */
const earlier = (table: "visitors" | "person_arrivals", column: string) =>
  sql.raw<string>(
    `case when excluded.first_seen_at < ${table}.first_seen_at then excluded.${column} else ${table}.${column} end`,
  );

/** Every column of an upsert's row, each taken from whichever sight came first. */
export function earliestWins(table: "visitors" | "person_arrivals") {
  return {
    source: earlier(table, "source"),
    medium: earlier(table, "medium"),
    campaign: earlier(table, "campaign"),
    content: earlier(table, "content"),
    term: earlier(table, "term"),
    vid: earlier(table, "vid"),
    first_day: earlier(table, "first_day"),
    first_seen_at: earlier(table, "first_seen_at"),
  };
}

/**
 * Links browsers to the person they became: the person of the first form each sent. A browser
 * is linked once (its first person stays), so every person in the funnel has a browser of their
 * own, and each person's arrival (`person_arrivals`) is the first sight of their earliest linked
 * browser. The work is limited to the browsers of one flush (`ids`), or to those seen since a
 * time (`seenSince`: the hourly pass, for forms not followed by a page view). Callers run it in a
 * transaction, so a browser is never linked without its person's arrival.
 */
export async function linkVisitors(
  db: DB,
  scope: { ids: readonly string[] } | { seenSince: string },
): Promise<number> {
  // First the browsers in scope that sent a form (usually none), found through the submissions'
  // visitor index; then only those are updated, by primary key, if not linked yet.
  const candidates: string[] = [];
  if ("ids" in scope) {
    for (const part of chunk(scope.ids, ROWS_PER_INSERT)) {
      const rows = await db
        .selectFrom("submissions")
        .select("visitor_id")
        .distinct()
        .where("visitor_id", "in", part)
        .execute();
      candidates.push(...rows.map((row) => row.visitor_id));
    }
  } else {
    const rows = await db
      .selectFrom("visitors")
      .innerJoin("submissions", "submissions.visitor_id", "visitors.id")
      .select("visitors.id")
      .distinct()
      .where("visitors.last_seen_at", ">=", scope.seenSince)
      .execute();
    candidates.push(...rows.map((row) => row.id));
  }
  const linked: string[] = [];
  for (const part of chunk(candidates, ROWS_PER_INSERT)) {
    const rows = await db
      .updateTable("visitors")
      .set((eb) => ({
        person_id: eb
          .selectFrom("submissions")
          .select("submissions.person_id")
          .whereRef("submissions.visitor_id", "=", "visitors.id")
          .orderBy("submissions.created_at")
          .limit(1),
      }))
      .where("id", "in", part)
      // Not `person_id is null`, which SQLite would answer from the person index, row by row.
      .where((eb) => eb(eb.fn.coalesce("person_id", sql.lit("")), "=", ""))
      .returning("id")
      .execute();
    linked.push(...rows.map((row) => row.id));
  }
  for (const part of chunk(linked, ROWS_PER_INSERT)) {
    const browsers = await db
      .selectFrom("visitors")
      .select(["id", "person_id", "first_seen_at", "first_day", ...TOUCH_KEYS])
      .where("id", "in", part)
      .execute();
    const first = new Map<string, (typeof browsers)[number]>();
    for (const browser of browsers) {
      const known = first.get(browser.person_id!);
      if (!known || browser.first_seen_at < known.first_seen_at)
        first.set(browser.person_id!, browser);
    }
    if (first.size === 0) continue;
    await db
      .insertInto("person_arrivals")
      .values(
        [...first.values()].map(({ id, person_id, first_seen_at, first_day, ...touch }) => ({
          person_id: person_id!,
          visitor_id: id,
          first_seen_at,
          first_day,
          // A browser stored before tags were cut to bytes must not stop its person's arrival.
          ...capTouch(touch),
        })),
      )
      .onConflict((oc) =>
        oc.column("person_id").doUpdateSet({
          visitor_id: earlier("person_arrivals", "visitor_id"),
          ...earliestWins("person_arrivals"),
        }),
      )
      .execute();
  }
  return linked.length;
}

/** `items` in parts of at most `size`, for statements kept under the parameter limits. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}
