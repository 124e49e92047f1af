import type { Kysely, Migration } from "kysely";
import type { Engine } from "../migrations.server";

/**
 * Rate-limit counters that every app instance on the database shares. PostgreSQL only: on SQLite
 * the site is one process and counts in memory. The columns are the ones rate-limiter-flexible's
 * RateLimiterPostgres reads and writes (it is told the table exists and never creates one).
 */
export function rateLimits(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== "postgres") return;
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "varchar(255)", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
    },
  };
}
