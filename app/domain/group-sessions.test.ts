import { describe, expect, it } from "vitest";
import {
  DEFAULT_SESSION_SLOT,
  planSessions,
  sessionFormSchema,
  sessionStartOf,
} from "./group-sessions";
import { curriculum } from "~/content/home";

const NY = "America/New_York";
const HOUR = 3_600_000;

describe("planSessions", () => {
  it("plans nothing without a start date", () => {
    expect(planSessions(null, DEFAULT_SESSION_SLOT, NY)).toEqual([]);
  });

  it("puts week N's session on Tuesday 19:00 of programme week N, with week N's topic", () => {
    // Any day of the first week starts the weeks on its Monday (2027-03-01).
    const plan = planSessions("2027-03-04", DEFAULT_SESSION_SLOT, NY);
    expect(plan.map((s) => s.week)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(plan.map((s) => s.topic)).toEqual(curriculum.map((c) => c.title));
    expect(plan[0]!.startsAt.toISOString()).toBe("2027-03-03T00:00:00.000Z"); // Tue Mar 2, 19:00 EST
    expect(plan.every((s) => s.minutes === 60)).toBe(true);
  });

  it("keeps 19:00 local across the US change of 2027-03-14: EST then EDT", () => {
    const plan = planSessions("2027-03-01", DEFAULT_SESSION_SLOT, NY);
    // Week 2: Tuesday March 9, before the change (UTC-5); week 3: Tuesday March 16 (UTC-4).
    expect(plan[1]!.startsAt.toISOString()).toBe("2027-03-10T00:00:00.000Z");
    expect(plan[2]!.startsAt.toISOString()).toBe("2027-03-16T23:00:00.000Z");
    // A week apart on the wall clock, one hour less than 7 x 24 hours apart as instants.
    expect(plan[2]!.startsAt.getTime() - plan[1]!.startsAt.getTime()).toBe(167 * HOUR);
    expect(plan[3]!.startsAt.getTime() - plan[2]!.startsAt.getTime()).toBe(168 * HOUR);
  });

  it("a Saturday and the Sunday of the change are 23 hours apart, not 24", () => {
    const saturday = planSessions("2027-03-01", { ...DEFAULT_SESSION_SLOT, weekday: 6 }, NY);
    const sunday = planSessions("2027-03-01", { ...DEFAULT_SESSION_SLOT, weekday: 7 }, NY);
    expect(saturday[1]!.startsAt.toISOString()).toBe("2027-03-14T00:00:00.000Z"); // Mar 13 EST
    expect(sunday[1]!.startsAt.toISOString()).toBe("2027-03-14T23:00:00.000Z"); // Mar 14 EDT
    expect(sunday[1]!.startsAt.getTime() - saturday[1]!.startsAt.getTime()).toBe(23 * HOUR);
  });

  it("reads a Sunday 02:30 that does not exist as 03:30 of the new offset", () => {
    const plan = planSessions("2027-03-01", { weekday: 7, time: "02:30", minutes: 60 }, NY);
    expect(plan[1]!.startsAt.toISOString()).toBe("2027-03-14T07:30:00.000Z"); // 03:30 EDT
  });

  it("keeps 19:00 in London across the EU change (2027-03-28)", () => {
    const plan = planSessions(
      "2027-03-15",
      { weekday: 1, time: "19:00", minutes: 60 },
      "Europe/London",
    );
    expect(plan[1]!.startsAt.toISOString()).toBe("2027-03-22T19:00:00.000Z"); // GMT
    expect(plan[2]!.startsAt.toISOString()).toBe("2027-03-29T18:00:00.000Z"); // BST
  });
});

describe("the session forms", () => {
  it("reads the weekly slot and refuses what is out of bounds", () => {
    const ok = sessionFormSchema.safeParse({
      intent: "session_settings",
      weekday: "4",
      time: "18:30",
      minutes: "90",
      liveUrl: "https://meet.example.com/cohort",
    });
    expect(ok.data).toEqual({
      intent: "session_settings",
      weekday: 4,
      time: "18:30",
      minutes: 90,
      liveUrl: "https://meet.example.com/cohort",
    });
    const cleared = sessionFormSchema.safeParse({
      intent: "session_settings",
      weekday: "2",
      time: "19:00",
      minutes: "60",
      liveUrl: "",
    });
    expect(cleared.data).toMatchObject({ liveUrl: null });
    for (const bad of [
      { weekday: "8" },
      { time: "24:00" },
      { minutes: "5" },
      { minutes: "241" },
      { liveUrl: "http://meet.example.com" },
      { liveUrl: "javascript:alert(1)" },
      { liveUrl: `https://example.com/${"a".repeat(500)}` },
    ]) {
      const result = sessionFormSchema.safeParse({
        intent: "session_settings",
        weekday: "2",
        time: "19:00",
        minutes: "60",
        ...bad,
      });
      expect(result.success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("reads a new start as the site's wall clock, and refuses one that is no real time", () => {
    expect(sessionStartOf("2027-03-16T19:00", NY)?.toISOString()).toBe("2027-03-16T23:00:00.000Z");
    expect(sessionStartOf("2027-02-30T19:00", NY)).toBeNull();
    expect(sessionStartOf("2027-03-16", NY)).toBeNull();
  });
});
