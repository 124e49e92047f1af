import { describe, expect, it } from "vitest";
import { JOB_TEXT_MAX, nextSlot, retryAt, storedResult } from "./schedule";

const HOUR = 3_600_000;

describe("nextSlot", () => {
  it("is the start of the next whole interval in UTC", () => {
    expect(nextSlot(new Date("2026-12-01T00:30:00Z"), 6 * HOUR).toISOString()).toBe(
      "2026-12-01T06:00:00.000Z",
    );
    expect(nextSlot(new Date("2026-12-01T05:59:59Z"), 6 * HOUR).toISOString()).toBe(
      "2026-12-01T06:00:00.000Z",
    );
    expect(nextSlot(new Date("2026-12-01T23:10:00Z"), 24 * HOUR).toISOString()).toBe(
      "2026-12-02T00:00:00.000Z",
    );
  });

  it("moves on even when asked exactly on a boundary", () => {
    expect(nextSlot(new Date("2026-12-01T06:00:00Z"), 6 * HOUR).toISOString()).toBe(
      "2026-12-01T12:00:00.000Z",
    );
  });

  it("keeps UTC slots across a daylight-saving change (the site's zone plays no part)", () => {
    // America/New_York falls back on 1 November 2026 at 06:00 UTC.
    expect(nextSlot(new Date("2026-11-01T05:30:00Z"), HOUR).toISOString()).toBe(
      "2026-11-01T06:00:00.000Z",
    );
    expect(nextSlot(new Date("2026-11-01T06:30:00Z"), HOUR).toISOString()).toBe(
      "2026-11-01T07:00:00.000Z",
    );
  });
});

describe("retryAt", () => {
  it("retries a failed run after a minute, or at the interval when it is shorter", () => {
    const failed = new Date("2026-12-01T00:00:00Z");
    expect(retryAt(failed, 24 * HOUR).toISOString()).toBe("2026-12-01T00:01:00.000Z");
    expect(retryAt(failed, 2000).toISOString()).toBe("2026-12-01T00:00:02.000Z");
  });
});

describe("storedResult", () => {
  it("stores a result as JSON, bounded", () => {
    expect(storedResult({ sent: 2 })).toBe('{"sent":2}');
    expect(storedResult(null)).toBeNull();
    expect(storedResult({ text: "x".repeat(5000) })).toHaveLength(JOB_TEXT_MAX);
  });
});
