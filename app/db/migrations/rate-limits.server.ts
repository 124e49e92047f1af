import type { Kysely, Migration } from "kysely";
import type { Engine } from "../migrations.server";
import { column, createTable, notNullDefault } from "./ddl.server";

/**
 * Rate-limit counters that every app instance on the database shares. PostgreSQL only: on SQLite
 * the site is one process and counts in memory. The columns are the ones rate-limiter-flexible's
 * RateLimiterPostgres reads and writes (it is told the table exists and never creates one).
 */
export function rateLimits(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== "postgres") return;
      await createTable(db, "rate_limits", {
        columns: {
          key: column("varchar(255)", (c) => c.primaryKey()),
          points: notNullDefault("integer", 0),
          expire: column("bigint"),
        },
      });
    },
  };
}
