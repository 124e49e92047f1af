import { describe, expect, it } from "vitest";
import { isMailTiming, mailTiming, quotaWindows } from "./recipient-quota";

describe("quotaWindows", () => {
  const now = new Date("2026-11-23T12:34:56Z");

  it("starts with this hour, sent now, then each next hour from its start", () => {
    const windows = quotaWindows(now, 2);
    expect(windows.map((w) => w.sendAfter.toISOString())).toEqual([
      "2026-11-23T12:34:56.000Z",
      "2026-11-23T13:00:00.000Z",
      "2026-11-23T14:00:00.000Z",
    ]);
    expect(windows.map((w) => w.hour - windows[0]!.hour)).toEqual([0, 1, 2]);
  });

  it("covers a day ahead by default, and the same clock hour gives the same key", () => {
    expect(quotaWindows(now)).toHaveLength(25);
    expect(quotaWindows(new Date("2026-11-23T12:00:00Z"))[0]!.hour).toBe(
      quotaWindows(new Date("2026-11-23T12:59:59.999Z"))[0]!.hour,
    );
  });
});

describe("mailTiming", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("says now, later or withheld", () => {
    expect(mailTiming(now, now)).toBe("now");
    expect(mailTiming(new Date("2026-11-23T13:00:00Z"), now)).toBe("later");
    expect(mailTiming(null, now)).toBe("withheld");
  });
  it("knows its own values only", () => {
    expect(["now", "later", "withheld", "soon", null].map(isMailTiming)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
