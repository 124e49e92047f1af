import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { PageView, Touch } from "./page-view";
import { errorMessage, log } from "~/lib/logger.server";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { chunk, earliestWins, linkVisitors, ROWS_PER_INSERT } from "./visitor-links.server";

/** Views held in memory at most; beyond this (the database is down) new ones are dropped. */
const MAX_BUFFERED = 20_000;

/** What one flush learnt about a browser: the span it was seen in and its touch at first sight. */
interface Sighting {
  first: string;
  last: string;
  touch: Touch;
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
      for (const part of chunk(rows, ROWS_PER_INSERT))
        await trx.insertInto("page_views").values(part).execute();
      for (const part of chunk(visitors, ROWS_PER_INSERT)) {
        await trx
          .insertInto("visitors")
          .values(part)
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
