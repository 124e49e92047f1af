import type pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/**
 * Where the counts live. PostgreSQL: one table (created by our migration) that every app instance
 * on the database shares, so a limit holds across all of them. Memory: this process only, which is
 * the whole site on SQLite (one process by design).
 */
export type RateLimitStore =
  { kind: "memory" } | { kind: "postgres"; pool: pg.Pool; schema?: string };

const RATE_LIMIT_TABLE = "rate_limits";

/** Every limit counts per minute; a client told to wait this long is never told too early. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

export interface RateLimiterOptions {
  /** Keeps the keys of different limiters apart in the shared table. */
  name: string;
  limit: number;
  windowSeconds?: number;
  /** PostgreSQL: whether this limiter sweeps expired rows (every 5 minutes); one per process is enough. */
  sweep?: boolean;
}

/**
 * A fixed-window counter per key (rate-limiter-flexible): the first hit opens a window, hits in it
 * count, and once the count passes the limit the key is refused until the window ends. A hit
 * counts even when refused, and parallel hits are counted atomically (one upsert on PostgreSQL),
 * so 30 requests at once let exactly `limit` through.
 */
export class RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(store: RateLimitStore, options: RateLimiterOptions) {
    const common = {
      keyPrefix: options.name,
      points: options.limit,
      duration: options.windowSeconds ?? RATE_LIMIT_WINDOW_SECONDS,
    };
    this.limiter =
      store.kind === "memory"
        ? new RateLimiterMemory(common)
        : new RateLimiterPostgres({
            ...common,
            storeClient: store.pool,
            storeType: "pool",
            tableName: RATE_LIMIT_TABLE,
            schemaName: store.schema,
            // The table comes from our migration; the library never creates tables at run time.
            tableCreated: true,
            clearExpiredByTimeout: options.sweep ?? false,
            // While the database cannot be reached, each instance keeps counting on its own.
            insuranceLimiter: new RateLimiterMemory(common),
          });
  }

  /** Counts one hit; true while the key is within its limit. */
  async hit(key: string): Promise<boolean> {
    try {
      await this.limiter.consume(key);
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  }

  /** Gives one hit back: an attempt that turned out to be legitimate does not count. */
  async refund(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
