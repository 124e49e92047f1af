import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestMemo } from "./request-memo.server";

describe("requestMemo: a value per request and key", () => {
  it("works a key out once per request, and again for another key or request", () => {
    const answer = requestMemo<number>();
    let computed = 0;
    const compute = () => ++computed;
    const request = new RouterContextProvider();
    expect(answer(request, "a", compute)).toBe(1);
    expect(answer(request, "a", compute)).toBe(1);
    expect(answer(request, "b", compute)).toBe(2);
    expect(answer(new RouterContextProvider(), "a", compute)).toBe(3);
  });

  it("keeps each memo's values apart in one request", () => {
    const first = requestMemo<string>();
    const second = requestMemo<string>();
    const request = new RouterContextProvider();
    first(request, "key", () => "first");
    expect(second(request, "key", () => "second")).toBe("second");
  });
});
