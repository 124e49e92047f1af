import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { PageView, Touch } from "~/domain/page-view";
import { errorMessage, log } from "~/lib/logger.server";

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
const earlier = (column: string) =>
  sql.raw<string>(
    `case when excluded.first_seen_at < visitors.first_seen_at then excluded.${column} else visitors.${column} end`,
  );

/**
 * Records page views off the request path: `record` only appends to a buffer, and a timer writes
 * the buffer once a second in one transaction (so a crash loses at most the last second). The
 * writes are upserts keyed by the visitor id, so several instances flushing at once agree.
 */
export class PageViewRecorder {
  private buffer: PageView[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<number> | null = null;
  /** Views dropped because the buffer was full (reported in the log, never silently). */
  dropped = 0;

  constructor(
    private readonly db: DB,
    private readonly options: { enabled: boolean; intervalMs?: number },
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  record(view: PageView): void {
    if (!this.options.enabled) return;
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
    if (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return 0;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.write(batch)
      .then(() => batch.length)
      .catch((error: unknown) => {
        // Kept for the next flush (up to the cap): a database blip loses nothing.
        this.buffer = [...batch, ...this.buffer].slice(0, MAX_BUFFERED);
        log.error("page views not written", { views: batch.length, error: errorMessage(error) });
        return 0;
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
              source: earlier("source"),
              medium: earlier("medium"),
              campaign: earlier("campaign"),
              content: earlier("content"),
              term: earlier("term"),
              vid: earlier("vid"),
              first_day: earlier("first_day"),
              first_seen_at: earlier("first_seen_at"),
            }),
          )
          .execute();
      }
      await linkVisitors(
        trx,
        visitors.map((v) => v.id),
      );
    });
  }
}

/**
 * Links browsers to the person they became: the person of the first form each sent. A browser
 * is linked once (its first person stays), so every person in the funnel has a browser of their
 * own. `ids` limits the work to the browsers of one flush; without it every unlinked browser
 * that sent a form is linked (the hourly pass, for forms not followed by a page view).
 */
export async function linkVisitors(db: DB, ids?: readonly string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let linked = 0;
  const chunks = ids ? chunk(ids, CHUNK) : [null];
  for (const part of chunks) {
    const result = await db
      .updateTable("visitors")
      .set((eb) => ({
        person_id: eb
          .selectFrom("submissions")
          .select("submissions.person_id")
          .whereRef("submissions.visitor_id", "=", "visitors.id")
          .orderBy("submissions.created_at")
          .limit(1),
      }))
      .where("person_id", "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("submissions")
            .select("submissions.id")
            .whereRef("submissions.visitor_id", "=", "visitors.id"),
        ),
      )
      .$if(part !== null, (q) => q.where("id", "in", part!))
      .executeTakeFirst();
    linked += Number(result.numUpdatedRows);
  }
  return linked;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}
