import { describe, expect, it } from "vitest";
import { SESSION_IDLE_MS, SESSION_TTL_MS, sessionExpiry, shouldExtend } from "./admin-session";

const created = new Date("2026-11-22T08:00:00Z");
const later = (ms: number) => new Date(created.getTime() + ms);

describe("admin session expiry", () => {
  it("ends an hour after the last request", () => {
    expect(sessionExpiry(created, created)).toEqual(later(SESSION_IDLE_MS));
    expect(sessionExpiry(created, later(3 * 3_600_000))).toEqual(later(4 * 3_600_000));
  });
  it("never outlives the 8-hour cap, however busy", () => {
    expect(sessionExpiry(created, later(7.5 * 3_600_000))).toEqual(later(SESSION_TTL_MS));
    expect(sessionExpiry(created, later(SESSION_TTL_MS))).toEqual(later(SESSION_TTL_MS));
  });
  it("extends at most once a minute", () => {
    expect(shouldExtend(later(0), later(59_999))).toBe(false);
    expect(shouldExtend(later(0), later(60_000))).toBe(true);
  });
});
