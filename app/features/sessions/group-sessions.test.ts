import { describe, expect, it } from "vitest";
import {
  DEFAULT_SESSION_SLOT,
  hasStarted,
  planSessions,
  programmeSpan,
  replanSession,
  sessionChangeRefusal,
  sessionFormSchema,
  sessionStartOf,
  type PlannedSession,
  type StoredSession,
} from "./group-sessions";
import { curriculum } from "~/features/site/home.words";

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

describe("replanSession", () => {
  const now = new Date("2027-03-10T12:00:00Z");
  const at = (iso: string) => new Date(iso);
  const plan = (iso: string, minutes = 60): PlannedSession => ({
    week: 4,
    topic: "Networking",
    startsAt: at(iso),
    minutes,
  });
  const stored = (iso: string, status = "scheduled"): StoredSession => ({
    startsAt: at(iso),
    minutes: 60,
    topic: "Networking",
    status,
  });
  const tuesday = "2027-03-23T23:00:00.000Z";
  const thursday = "2027-03-25T23:00:00.000Z";
  const moved = "2027-03-24T22:30:00.000Z";

  it("keeps a moved session when its week's planned start did not change (a new link, say)", () => {
    expect(replanSession(stored(moved), plan(tuesday), plan(tuesday), now)).toBeNull();
  });

  it("a session on the plan stays where it is when nothing that decides its time changed", () => {
    expect(replanSession(stored(tuesday), plan(tuesday), plan(tuesday), now)).toBeNull();
  });

  it("moves a session, moved by hand or not, to a new planned start, flagged as moved", () => {
    for (const from of [tuesday, moved]) {
      expect(replanSession(stored(from), plan(tuesday), plan(thursday), now)).toEqual({
        startsAt: at(thursday),
        minutes: 60,
        topic: "Networking",
        moved: true,
      });
    }
  });

  it("with no plan before (no start date then), the new plan decides", () => {
    expect(replanSession(stored(moved), undefined, plan(thursday), now)?.startsAt).toEqual(
      at(thursday),
    );
  });

  it("a new length or topic follows the plan without moving a kept start", () => {
    expect(replanSession(stored(moved), plan(tuesday), plan(tuesday, 90), now)).toEqual({
      startsAt: at(moved),
      minutes: 90,
      topic: "Networking",
      moved: false,
    });
    expect(
      replanSession(stored(moved), plan(tuesday), { ...plan(tuesday), topic: "New" }, now),
    ).toMatchObject({ topic: "New", moved: false });
  });

  it("leaves a cancelled session and one that has started as they are", () => {
    expect(
      replanSession(stored(tuesday, "cancelled"), plan(tuesday), plan(thursday, 90), now),
    ).toBeNull();
    const started = "2027-03-09T23:00:00.000Z";
    expect(
      replanSession(stored(started), plan(started), plan("2027-03-11T23:00:00.000Z", 90), now),
    ).toBeNull();
  });

  it("never moves a session into the past: it keeps its start", () => {
    const ahead = "2027-03-11T23:00:00.000Z";
    const gone = "2027-03-08T23:00:00.000Z";
    expect(replanSession(stored(ahead), plan(ahead), plan(gone), now)).toBeNull();
  });
});

describe("the owner's move and cancel", () => {
  const span = programmeSpan("2027-03-04", NY)!;
  const now = new Date("2027-03-10T12:00:00Z");
  const session = (iso: string, status = "scheduled") => ({ startsAt: new Date(iso), status });
  const future = session("2027-03-23T23:00:00Z");

  it("the programme runs from 00:00 on week 1's Monday to the end of week 6's Sunday, local", () => {
    expect(span).toEqual({
      firstDay: "2027-03-01",
      lastDay: "2027-04-11",
      from: new Date("2027-03-01T05:00:00Z"), // EST
      until: new Date("2027-04-12T04:00:00Z"), // EDT
    });
    expect(programmeSpan(null, NY)).toBeNull();
  });

  it("a session has started once its start has come, unless it was cancelled", () => {
    expect(hasStarted(session("2027-03-10T12:00:00Z"), now)).toBe(true);
    expect(hasStarted(session("2027-03-10T12:00:01Z"), now)).toBe(false);
    expect(hasStarted(session("2027-03-02T00:00:00Z", "cancelled"), now)).toBe(false);
  });

  it("refuses to move or cancel a session that has started", () => {
    const started = session("2027-03-03T00:00:00Z");
    expect(sessionChangeRefusal(started, null, now, span)).toBe("started");
    expect(sessionChangeRefusal(started, new Date("2027-03-24T23:00:00Z"), now, span)).toBe(
      "started",
    );
  });

  it("a new start must be ahead and within the programme's weeks", () => {
    expect(sessionChangeRefusal(future, null, now, span)).toBeNull();
    expect(sessionChangeRefusal(future, new Date("2027-03-24T23:00:00Z"), now, span)).toBeNull();
    expect(sessionChangeRefusal(future, now, now, span)).toBe("past");
    expect(sessionChangeRefusal(future, new Date("2027-03-05T00:00:00Z"), now, span)).toBe("past");
    // Sunday of week 6, 23:59 New York is in; Monday 00:00 after it is not; nor three months on.
    expect(sessionChangeRefusal(future, new Date("2027-04-12T03:59:00Z"), now, span)).toBeNull();
    expect(sessionChangeRefusal(future, span.until, now, span)).toBe("outside_programme");
    expect(sessionChangeRefusal(future, new Date("2027-07-13T23:00:00Z"), now, span)).toBe(
      "outside_programme",
    );
    // Before week 1 (a cohort that has not begun), likewise; without a start date, no bound.
    const early = new Date("2027-02-27T23:00:00Z");
    expect(sessionChangeRefusal(future, early, new Date("2027-02-01T00:00:00Z"), span)).toBe(
      "outside_programme",
    );
    expect(sessionChangeRefusal(future, new Date("2027-07-13T23:00:00Z"), now, null)).toBeNull();
  });

  it("a cancelled session whose time has passed may be scheduled again, ahead", () => {
    const gone = session("2027-03-03T00:00:00Z", "cancelled");
    expect(sessionChangeRefusal(gone, new Date("2027-03-12T23:00:00Z"), now, span)).toBeNull();
    expect(sessionChangeRefusal(gone, new Date("2027-03-09T23:00:00Z"), now, span)).toBe("past");
  });
});
