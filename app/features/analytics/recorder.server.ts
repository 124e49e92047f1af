import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { TOUCH_KEYS } from "./funnel";
import { capTouch, type PageView, type Touch } from "./page-view";
import { errorMessage, log } from "~/lib/logger.server";
import type { RateLimiter } from "~/lib/rate-limit.server";

/** Views held in memory at most; beyond this (the database is down) new ones are dropped. */
const MAX_BUFFERED = 20_000;
/** Rows per insert statement: 12 columns each, well inside both engines' parameter limits. */
const CHUNK = 500;

/** What one flush learnt about a browser: the span it was seen in and its touch at first sight. */
interface Sighting {
  first: string;
  last: string;
  touch: Touch;
}

/** A later flush (or another instance) may carry an earlier first sight: the earliest wins. */
const earlier = (table: "visitors" | "person_arrivals", column: string) =>
  sql.raw<string>(
    `case when excluded.first_seen_at < ${table}.first_seen_at then excluded.${column} else ${table}.${column} end`,
  );

/** Every column of an upsert's row, each taken from whichever sight came first. */
function earliestWins(table: "visitors" | "person_arrivals") {
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
 * Records page views off the request path: `record` only appends to a buffer, and a timer writes
 * the buffer once a second in one transaction (so a crash loses at most the last second). The
 * writes are upserts keyed by the visitor id, so several instances flushing at once agree. A
 * batch the database refuses is written again in halves, so a view that cannot be stored is
 * dropped alone and the others are kept.
 */
export class PageViewRecorder {
  private buffer: PageView[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> | null = null;
  /** Views waiting for the per-address limiter's answer: a flush waits for them. */
  private readonly pending = new Set<Promise<void>>();
  /** Views dropped because the buffer was full (reported in the log, never silently). */
  dropped = 0;
  /** Views not recorded because their address was over its hourly limit (logged as a count). */
  limited = 0;

  constructor(
    private readonly db: DB,
    private readonly options: {
      enabled: boolean;
      intervalMs?: number;
      /** Page views per client address (PAGE_VIEWS_PER_ADDRESS_PER_HOUR), shared by instances. */
      perAddress?: RateLimiter;
    },
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Buffers a view; with the client's address, only while that address is within its limit. */
  record(view: PageView, address?: string): void {
    if (!this.options.enabled) return;
    const limiter = this.options.perAddress;
    if (!limiter || address === undefined) return this.push(view);
    const counted: Promise<void> = limiter
      .hit(address)
      .then((allowed) => (allowed ? this.push(view) : void (this.limited += 1)))
      .catch((error: unknown) => {
        // The limiter keeps counting in memory while its table is out of reach; this is a bug.
        log.error("page view limit not checked", { error: errorMessage(error) });
      })
      .finally(() => this.pending.delete(counted));
    this.pending.add(counted);
  }

  private push(view: PageView): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(view);
  }

  start(): void {
    if (this.timer || !this.options.enabled) return;
    this.timer = setInterval(() => void this.flush(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes the buffered views; returns how many. One flush at a time per instance. */
  async flush(): Promise<number> {
    if (this.pending.size > 0) await Promise.all(this.pending);
    if (this.flushing) await this.flushing;
    if (this.limited > 0) {
      log.warn("page views over the per-address limit, not recorded", { views: this.limited });
      this.limited = 0;
    }
    if (this.buffer.length === 0) return 0;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.writeIsolating(batch)
      .then(({ kept, refused, error }) => {
        if (refused > 0)
          log.error("page views dropped: the database refused them", { views: refused, error });
        if (kept.length > 0) {
          // Kept for the next flush (up to the cap): a database blip loses nothing.
          this.buffer = [...kept, ...this.buffer].slice(0, MAX_BUFFERED);
          log.error("page views not written", { views: kept.length, error });
        }
        return batch.length - kept.length - refused;
      })
      .finally(() => {
        this.flushing = null;
      });
    if (this.dropped > 0) {
      log.warn("page views dropped", { views: this.dropped });
      this.dropped = 0;
    }
    return this.flushing;
  }

  /**
   * Writes a batch; when the database refuses it but still answers, writes each half on its own,
   * down to the one view it refuses (dropped, counted in `refused`). Views that met a database
   * out of reach come back in `kept`, to be tried again.
   */
  private async writeIsolating(
    batch: readonly PageView[],
  ): Promise<{ kept: PageView[]; refused: number; error?: string }> {
    try {
      await this.write(batch);
      return { kept: [], refused: 0 };
    } catch (failure: unknown) {
      const error = errorMessage(failure);
      if (!(await this.reachable())) return { kept: [...batch], refused: 0, error };
      if (batch.length === 1) return { kept: [], refused: 1, error };
      const half = Math.ceil(batch.length / 2);
      const first = await this.writeIsolating(batch.slice(0, half));
      const second = await this.writeIsolating(batch.slice(half));
      return {
        kept: [...first.kept, ...second.kept],
        refused: first.refused + second.refused,
        error: first.error ?? second.error,
      };
    }
  }

  private async reachable(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }

  private async write(batch: readonly PageView[]): Promise<void> {
    const rows = batch
      .filter((view) => view.counted)
      .map((view) => ({
        at: view.at,
        day: view.at.slice(0, 10),
        path: view.path,
        visitor_id: view.visitorId,
        entry: view.entry ? 1 : 0,
        referrer_host: view.referrerHost,
        ...view.landing,
      }));
    const seen = new Map<string, Sighting>();
    for (const view of batch) {
      if (!view.visitorId) continue;
      const known = seen.get(view.visitorId);
      if (!known)
        seen.set(view.visitorId, { first: view.at, last: view.at, touch: view.firstTouch });
      else if (view.at > known.last) known.last = view.at;
    }
    const visitors = [...seen].map(([id, s]) => ({
      id,
      first_seen_at: s.first,
      first_day: s.first.slice(0, 10),
      last_seen_at: s.last,
      person_id: null,
      ...s.touch,
    }));
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto("page_views")
          .values(rows.slice(i, i + CHUNK))
          .execute();
      }
      for (let i = 0; i < visitors.length; i += CHUNK) {
        await trx
          .insertInto("visitors")
          .values(visitors.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.column("id").doUpdateSet({
              last_seen_at: sql<string>`case when excluded.last_seen_at > visitors.last_seen_at then excluded.last_seen_at else visitors.last_seen_at end`,
              ...earliestWins("visitors"),
            }),
          )
          .execute();
      }
      await linkVisitors(trx, { ids: visitors.map((v) => v.id) });
    });
  }
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
    for (const part of chunk(scope.ids, CHUNK)) {
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
  for (const part of chunk(candidates, CHUNK)) {
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
  for (const part of chunk(linked, CHUNK)) {
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

function chunk<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}
