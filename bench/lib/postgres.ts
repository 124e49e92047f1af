import { randomBytes } from "node:crypto";
import pg from "pg";

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * The app has no schema setting, so each PostgreSQL run gets a database of its own, created on the
 * server BENCH_DATABASE_URL points at and dropped afterwards (WITH (FORCE) closes leftover sessions).
 */
export async function createBenchDatabase(baseUrl: string): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  await admin(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(baseUrl, `drop database if exists ${name} with (force)`),
  };
}

async function admin(baseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
