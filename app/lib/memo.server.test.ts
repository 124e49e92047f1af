import { describe, expect, it } from "vitest";
import { Memo } from "./memo.server";

describe("Memo", () => {
  const setup = () => {
    let now = 0;
    let reads = 0;
    const memo = new Memo(() => now);
    const get = () => memo.get("home", 3000, async () => ++reads);
    return { memo, get, advance: (ms: number) => (now += ms), reads: () => reads };
  };

  it("reads once and answers from memory until the value expires", async () => {
    const { get, advance, reads } = setup();
    expect(await get()).toBe(1);
    advance(2999);
    expect(await get()).toBe(1);
    expect(reads()).toBe(1);
    advance(1);
    expect(await get()).toBe(2);
    expect(reads()).toBe(2);
  });

  it("shares one read among the requests that arrive while it runs", async () => {
    const { get, reads } = setup();
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(reads()).toBe(1);
  });

  it("reads again after clear(), even when a read was in flight", async () => {
    const { memo, get, reads } = setup();
    expect(await get()).toBe(1);
    memo.clear();
    expect(await get()).toBe(2);
    const inFlight = get();
    memo.clear();
    expect(await get()).toBe(3);
    expect(await inFlight).toBe(2);
    expect(reads()).toBe(3);
  });

  it("keeps no failed read, and keeps each key apart", async () => {
    const memo = new Memo(() => 0);
    let fail = true;
    const read = () => (fail ? Promise.reject(new Error("down")) : Promise.resolve("up"));
    await expect(memo.get("a", 3000, read)).rejects.toThrow("down");
    fail = false;
    expect(await memo.get("a", 3000, read)).toBe("up");
    expect(await memo.get("b", 3000, async () => "other")).toBe("other");
    expect(await memo.get("a", 3000, async () => "new")).toBe("up");
  });
});
