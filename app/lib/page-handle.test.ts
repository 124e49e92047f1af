import type { UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { pageHydrates, staticPage } from "./page-handle";

const match = (handle: unknown): UIMatch =>
  ({
    id: "x",
    pathname: "/",
    params: {},
    data: undefined,
    loaderData: undefined,
    handle,
  }) as UIMatch;

describe("pageHydrates", () => {
  it("hydrates unless a route of the page is static", () => {
    expect(pageHydrates([match(undefined), match({})])).toBe(true);
    expect(pageHydrates([match(undefined), match(staticPage)])).toBe(false);
  });
});
