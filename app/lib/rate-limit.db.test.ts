import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/database.server";
import { RateLimiter } from "./rate-limit.server";

const url = process.env.TEST_DATABASE_URL;

/** Two app instances are two pools on one database; the limit must hold across both. */
describe.runIf(url)("rate limits shared through PostgreSQL", () => {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let n = 0;
  let name = "";

  beforeAll(async () => {
    first = await openDatabase(url!, { schema });
    second = await openDatabase(url!, { schema });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The same limiter on both instances, under a name no other test uses. */
  const pair = (limit = 10) => {
    name = `forms-${++n}`;
    const on = (handle: DatabaseHandle) =>
      new RateLimiter({ kind: "postgres", pool: handle.pool!, schema }, { name, limit });
    return [on(first), on(second)] as const;
  };

  it("counts hits on either instance against one limit", async () => {
    const [a, b] = pair();
    const answers: boolean[] = [];
    for (let i = 0; i < 10; i++) answers.push(await (i % 2 ? b : a).hit("lead:192.0.2.1"));
    expect(answers.every(Boolean)).toBe(true);
    expect(await a.hit("lead:192.0.2.1")).toBe(false);
    expect(await b.hit("lead:192.0.2.1")).toBe(false);
    expect(await a.hit("lead:192.0.2.2")).toBe(true);
  });

  it("lets exactly the limit through when 60 hits arrive at once on both instances", async () => {
    const [a, b] = pair();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? b : a).hit("lead:198.51.100.7")),
    );
    expect(answers.filter(Boolean)).toHaveLength(10);
    const { rows } = await first.pool!.query<{ points: number }>(
      `select points from ${schema}.rate_limits where key = $1`,
      [`${name}:lead:198.51.100.7`],
    );
    expect(rows[0]?.points).toBe(60);
  });

  it("clears a key for every instance when one resets it", async () => {
    const [a, b] = pair(2);
    await a.hit("admin-login:acct");
    await b.hit("admin-login:acct");
    expect(await a.hit("admin-login:acct")).toBe(false);
    await b.reset("admin-login:acct");
    expect(await a.hit("admin-login:acct")).toBe(true);
  });

  it("opens a new window once the minute is over", async () => {
    const [a, b] = pair(1);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    expect(await a.hit("k")).toBe(true);
    vi.setSystemTime(start + 59_000);
    expect(await b.hit("k")).toBe(false);
    vi.setSystemTime(start + 60_000);
    expect(await b.hit("k")).toBe(true);
    expect(await a.hit("k")).toBe(false);
  });

  it("keeps counting in this process's memory while the database cannot be reached", async () => {
    const down = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none" });
    try {
      const limits = new RateLimiter({ kind: "postgres", pool: down }, { name: "x", limit: 2 });
      const answers = [await limits.hit("k"), await limits.hit("k"), await limits.hit("k")];
      expect(answers).toEqual([true, true, false]);
    } finally {
      await down.end();
    }
  });
});
