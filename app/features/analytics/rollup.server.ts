import type { DB } from "~/db/database.server";
import type { ControlledTransaction, ExpressionBuilder } from "kysely";
import type { TouchColumns } from "~/db/analytics-schema";
import type { Database } from "~/db/schema";
import { addDays } from "~/lib/calendar-date";
import { closedThrough, foldArrivals, TOUCH_KEYS, touchKey } from "./funnel";
import { errorMessage, log } from "~/lib/logger.server";
import { linkVisitors } from "./visitor-links.server";

/** Rows per roll-up insert: 8 columns each, far inside both engines' parameter limits. */
const CHUNK = 500;

const LINK_WINDOW_MS = 26 * 3_600_000;

export interface AnalyticsPassResult {
  /** Closed days written to the roll-ups by this pass. */
  daysRolled: number;
  /** Browsers linked to the person they became. */
  visitorsLinked: number;
  pageViewsDeleted: number;
  visitorsDeleted: number;
}

/**
 * The hourly analytics pass: link recent browsers to people, roll up every closed day not yet rolled
 * up, then delete raw views and unlinked browsers older than `rawDays`, but only from days
 * already in the roll-ups. Each day is claimed by inserting its `analytics_days` row in the same
 * transaction as its other roll-up rows, so a second run or another instance writes nothing
 * twice; deletes select only what is due.
 */
export async function runAnalyticsPass(
  db: DB,
  now: Date,
  rawDays: number,
): Promise<AnalyticsPassResult> {
  // Browsers seen in the last day and a bit: each flush links its own, so this only catches a
  // form that no page view followed, and an hour or a day of downtime.
  const seenSince = new Date(now.getTime() - LINK_WINDOW_MS).toISOString();
  const visitorsLinked = await db.transaction().execute((trx) => linkVisitors(trx, { seenSince }));
  const daysRolled = await rollUpClosedDays(db, now);
  const lastRolled = await lastRolledDay(db);
  if (!lastRolled) return { daysRolled, visitorsLinked, pageViewsDeleted: 0, visitorsDeleted: 0 };
  const cutoff = new Date(now.getTime() - rawDays * 86_400_000).toISOString();
  const cutoffDay = cutoff.slice(0, 10);
  const keepFrom = cutoffDay <= lastRolled ? cutoffDay : addDays(lastRolled, 1);
  const views = await db.deleteFrom("page_views").where("day", "<", keepFrom).executeTakeFirst();
  const visitors = await db
    .deleteFrom("visitors")
    .where("person_id", "is", null)
    .where("last_seen_at", "<", cutoff)
    .where("first_day", "<", keepFrom)
    .executeTakeFirst();
  return {
    daysRolled,
    visitorsLinked,
    pageViewsDeleted: Number(views.numDeletedRows),
    visitorsDeleted: Number(visitors.numDeletedRows),
  };
}

/**
 * A day's visitors, from its raw views: distinct browsers, plus each landing of a browser that
 * asked not to be tracked (`identified` + `anonymousEntries`).
 */
export function dayVisitors(eb: ExpressionBuilder<Database, "page_views">) {
  return [
    eb.fn.count<number>("visitor_id").distinct().as("identified"),
    eb.fn
      .sum<number>(
        eb
          .case()
          .when(eb.and([eb("visitor_id", "is", null), eb("entry", "=", 1)]))
          .then(1)
          .else(0)
          .end(),
      )
      .as("anonymousEntries"),
  ] as const;
}

export async function lastRolledDay(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("analytics_days")
    .select((eb) => eb.fn.max("day").as("day"))
    .executeTakeFirst();
  return row?.day ?? null;
}

async function firstRawDay(db: DB): Promise<string | null> {
  const view = await db
    .selectFrom("page_views")
    .select((eb) => eb.fn.min("day").as("day"))
    .executeTakeFirst();
  const visitor = await db
    .selectFrom("visitors")
    .select((eb) => eb.fn.min("first_day").as("day"))
    .executeTakeFirst();
  const days = [view?.day, visitor?.day].filter((d): d is string => Boolean(d));
  return days.length > 0 ? days.sort()[0]! : null;
}

/** Rolls up, in order, every day after the last rolled one up to the last closed day. */
export async function rollUpClosedDays(db: DB, now: Date): Promise<number> {
  const through = closedThrough(now);
  const last = await lastRolledDay(db);
  let day = last ? addDays(last, 1) : await firstRawDay(db);
  let rolled = 0;
  while (day && day <= through) {
    if (await rollUpDay(db, day, now)) rolled += 1;
    day = addDays(day, 1);
  }
  return rolled;
}

async function rollUpDay(db: DB, day: string, now: Date): Promise<boolean> {
  const trx = await db.startTransaction().execute();
  try {
    const totals = await trx
      .selectFrom("page_views")
      .select((eb) => [
        eb.fn.countAll<number>().as("views"),
        eb.fn
          .sum<number>(eb.case().when("visitor_id", "is", null).then(1).else(0).end())
          .as("anonymous"),
        ...dayVisitors(eb),
      ])
      .where("day", "=", day)
      .executeTakeFirstOrThrow();
    const claim = await trx
      .insertInto("analytics_days")
      .values({
        day,
        views: Number(totals.views),
        visitors: Number(totals.identified) + Number(totals.anonymousEntries ?? 0),
        anonymous_views: Number(totals.anonymous ?? 0),
        rolled_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("day").doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) !== 1) {
      await trx.rollback().execute();
      return false;
    }
    const pages = await trx
      .selectFrom("page_views")
      .select(["path", (eb) => eb.fn.countAll<number>().as("views")])
      .where("day", "=", day)
      .groupBy("path")
      .execute();
    const skipped = await insertSkipping(
      trx,
      pages.map((p) => ({ day, path: p.path, views: Number(p.views) })),
      (t, rows) => t.insertInto("analytics_pages").values(rows).execute(),
    );
    // At most TAG_SETS_PER_DAY tag sets a day, the rarer ones as one "(other)" row.
    const arrivals = foldArrivals(await arrivalsOn(trx, day));
    skipped.push(
      ...(await insertSkipping(
        trx,
        arrivals.map((a) => ({ day, ...a })),
        (t, rows) => t.insertInto("analytics_arrivals").values(rows).execute(),
      )),
    );
    if (skipped.length > 0)
      log.error("analytics roll-up skipped rows the database refused", {
        day,
        rows: skipped.length,
        error: skipped[0],
      });
    await trx.commit().execute();
    return true;
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
}

/**
 * Inserts rows in chunks, each under a savepoint; a chunk the database refuses is inserted row
 * by row, and a row refused on its own is skipped, so one bad row never blocks a day's roll-up
 * for good. Returns the error of each skipped row (no values: the caller logs them).
 */
export async function insertSkipping<T>(
  trx: ControlledTransaction<Database>,
  rows: readonly T[],
  insert: (db: DB, rows: T[]) => Promise<unknown>,
): Promise<string[]> {
  const skipped: string[] = [];
  const attempt = async (part: T[]): Promise<boolean> => {
    const point = await trx.savepoint("roll_up_rows").execute();
    try {
      await insert(point, part);
      await point.releaseSavepoint("roll_up_rows").execute();
      return true;
    } catch (error) {
      await point.rollbackToSavepoint("roll_up_rows").execute();
      await point.releaseSavepoint("roll_up_rows").execute();
      if (part.length === 1) skipped.push(errorMessage(error));
      return false;
    }
  };
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    if (!(await attempt(part)) && part.length > 1) for (const row of part) await attempt([row]);
  }
  return skipped;
}

/**
 * Browsers first seen on `days` (or from a day on), by the link they came by: tracked browsers
 * from `visitors`, and each landing of a browser that asked not to be tracked as one visitor.
 */
export async function arrivalsOn(
  db: DB,
  day: string,
  until: string = day,
): Promise<(TouchColumns & { visitors: number })[]> {
  const tracked = await db
    .selectFrom("visitors")
    .select([...TOUCH_KEYS, (eb) => eb.fn.countAll<number>().as("n")])
    .where("first_day", ">=", day)
    .where("first_day", "<=", until)
    .groupBy([...TOUCH_KEYS])
    .execute();
  const anonymous = await db
    .selectFrom("page_views")
    .select([...TOUCH_KEYS, (eb) => eb.fn.countAll<number>().as("n")])
    .where("day", ">=", day)
    .where("day", "<=", until)
    .where("visitor_id", "is", null)
    .where("entry", "=", 1)
    .groupBy([...TOUCH_KEYS])
    .execute();
  const merged = new Map<string, TouchColumns & { visitors: number }>();
  for (const row of [...tracked, ...anonymous]) {
    const { n, ...touch } = row;
    const key = touchKey(touch);
    const entry = merged.get(key) ?? { ...touch, visitors: 0 };
    entry.visitors += Number(n);
    merged.set(key, entry);
  }
  return [...merged.values()];
}
