import type { Config } from "./env.server";
import { openDatabase, type DB } from "./db/database.server";
import type { Engine } from "./db/migrations.server";
import { RateLimiter } from "./lib/rate-limit.server";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Services {
  config: Config;
  db: DB;
  engine: Engine;
  clock: Clock;
  limits: {
    forms: RateLimiter;
    loginIp: RateLimiter;
    loginAccount: RateLimiter;
  };
  close(): Promise<void>;
}

export interface ServiceOverrides {
  clock?: Clock;
  schema?: string;
}

/** Builds every service once at start; loaders and actions reach them through the load context. */
export async function createServices(
  config: Config,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const database = await openDatabase(config.databaseUrl, { schema: overrides.schema });
  const clock = overrides.clock ?? systemClock;
  const now = () => clock.now().getTime();
  return {
    config,
    db: database.db,
    engine: database.engine,
    clock,
    limits: {
      forms: new RateLimiter(config.rateLimitPerMinute, 60_000, now),
      loginIp: new RateLimiter(10, 60_000, now),
      loginAccount: new RateLimiter(10, 60_000, now),
    },
    close: () => database.close(),
  };
}
