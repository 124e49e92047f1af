import { afterEach, describe, expect, it, vi } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter in memory (SQLite: one process)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const hits = (limiter: RateLimiter, key: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => limiter.hit(key)));

  it("lets the limit through in a window and refuses the rest, per key", async () => {
    const limiter = new RateLimiter({ kind: "memory" }, { name: "t", limit: 3 });
    expect(await hits(limiter, "a", 5)).toEqual([true, true, true, false, false]);
    expect(await limiter.hit("b")).toBe(true);
  });

  it("opens a new window once the minute is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-22T12:00:00Z") });
    const limiter = new RateLimiter({ kind: "memory" }, { name: "t", limit: 2 });
    await hits(limiter, "a", 3);
    vi.setSystemTime(Date.parse("2026-11-22T12:00:59Z"));
    expect(await limiter.hit("a")).toBe(false);
    vi.setSystemTime(Date.parse("2026-11-22T12:01:00Z"));
    expect(await limiter.hit("a")).toBe(true);
  });

  it("forgets a key on reset", async () => {
    const limiter = new RateLimiter({ kind: "memory" }, { name: "t", limit: 1 });
    await hits(limiter, "a", 2);
    await limiter.reset("a");
    expect(await limiter.hit("a")).toBe(true);
  });

  it("keeps limiters with different names apart", async () => {
    const forms = new RateLimiter({ kind: "memory" }, { name: "forms", limit: 1 });
    const login = new RateLimiter({ kind: "memory" }, { name: "login", limit: 1 });
    expect(await forms.hit("k")).toBe(true);
    expect(await login.hit("k")).toBe(true);
  });
});
