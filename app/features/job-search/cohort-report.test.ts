import { describe, expect, it } from "vitest";
import {
  applicationDates,
  cohortJobSearch,
  median,
  weekBucketer,
  type ReportApplication,
  type ReportMove,
} from "./cohort-report";
import { applicationsCsvRows } from "./applications-csv";
import type { Stage } from "./stages";
import { programmeWeeks } from "~/features/portal/onboarding";
import { dateInZone } from "~/lib/time-zone";

const ann = { personId: "ann", name: "Ann Lee", email: "ann@example.com" };
const bob = { personId: "bob", name: "Bob Roe", email: "bob@example.com" };

function app(
  id: string,
  personId: string,
  stage: Stage,
  track: string | null = "Investment banking",
) {
  return {
    id,
    personId,
    firm: `Firm ${id}`,
    role: "Analyst",
    track,
    source: "posting",
    stage,
    round: stage === "interview" ? 1 : null,
    createdAt: "2026-11-01T09:00:00.000Z",
  } satisfies ReportApplication;
}

const move = (applicationId: string, at: string, to: Stage): ReportMove => ({
  applicationId,
  at: `${at}T12:00:00.000Z`,
  to,
});

/** The cohort starts Monday 2026-11-09: week 1 is 9-15 November, week 2 16-22, and so on. */
const report = (
  applications: ReportApplication[],
  moves: ReportMove[],
  startDate: string | null = "2026-11-09",
) => cohortJobSearch({ students: [ann, bob], applications, moves, startDate, siteZone: "UTC" });

describe("median", () => {
  it("is the middle value, the mean of the middle two, or null", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
});

describe("applicationDates", () => {
  it("reads sent, first interview, offer and last move from the history", () => {
    const dates = applicationDates([
      move("a", "2026-11-01", "wishlist"),
      move("a", "2026-11-03", "applied"),
      move("a", "2026-11-10", "interview"),
      move("a", "2026-11-12", "interview"),
      move("a", "2026-11-20", "offer"),
    ]);
    expect(dates.get("a")).toEqual({
      sent: "2026-11-03T12:00:00.000Z",
      firstInterview: "2026-11-10T12:00:00.000Z",
      offer: "2026-11-20T12:00:00.000Z",
      lastMove: "2026-11-20T12:00:00.000Z",
    });
  });

  it("counts an application that skipped Applied as sent when it reached Interview", () => {
    const dates = applicationDates([
      move("a", "2026-11-01", "wishlist"),
      move("a", "2026-11-05", "interview"),
    ]);
    expect(dates.get("a")?.sent).toBe("2026-11-05T12:00:00.000Z");
  });

  it("leaves a wishlist application unsent", () => {
    const dates = applicationDates([
      move("a", "2026-11-01", "wishlist"),
      move("a", "2026-11-02", "withdrawn"),
    ]);
    expect(dates.get("a")).toMatchObject({ sent: null, firstInterview: null, offer: null });
  });
});

describe("cohortJobSearch", () => {
  it("says nothing but zeros for a cohort with no applications", () => {
    const r = report([], []);
    expect(r.students).toBe(2);
    expect(r.applications).toBe(0);
    expect(r.byStage.every((row) => row.count === 0)).toBe(true);
    expect(r.byTrack).toEqual([]);
    expect(r.perStudent.map((s) => s.weeks)).toEqual([
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
    expect(r.toInterview).toEqual({ days: null, students: 0 });
    expect(r.toOffer).toEqual({ days: null, students: 0 });
  });

  it("counts applications by current stage and by track", () => {
    const r = report(
      [
        app("a1", "ann", "applied"),
        app("a2", "ann", "interview", "Sales & trading"),
        app("b1", "bob", "applied", null),
      ],
      [],
    );
    expect(r.byStage.find((row) => row.stage === "applied")?.count).toBe(2);
    expect(r.byStage.find((row) => row.stage === "interview")?.count).toBe(1);
    expect(r.byTrack).toEqual([
      { track: "Investment banking", count: 1 },
      { track: "Sales & trading", count: 1 },
      { track: null, count: 1 },
    ]);
  });

  it("puts each application in the programme week it was sent", () => {
    const r = report(
      [
        app("a1", "ann", "applied"),
        app("a2", "ann", "applied"),
        app("a3", "ann", "applied"),
        app("a4", "ann", "wishlist"),
      ],
      [
        move("a1", "2026-11-08", "applied"), // Sunday before week 1
        move("a2", "2026-11-09", "applied"), // Monday of week 1
        move("a3", "2026-11-22", "applied"), // Sunday of week 2
        move("a4", "2026-11-09", "wishlist"),
      ],
    );
    expect(r.perStudent[0]).toMatchObject({
      name: "Ann Lee",
      before: 1,
      weeks: [1, 1, 0, 0, 0, 0],
      after: 0,
      sent: 3,
      total: 4,
    });
    expect(r.perStudent[1]).toMatchObject({ name: "Bob Roe", sent: 0, total: 0 });
  });

  it("counts after the last week, and everything as after when the cohort has no start date", () => {
    const applications = [app("a1", "ann", "applied")];
    const moves = [move("a1", "2026-12-21", "applied")];
    expect(report(applications, moves).perStudent[0]).toMatchObject({ after: 1, sent: 1 });
    expect(report(applications, moves, null).perStudent[0]).toMatchObject({
      before: 0,
      after: 1,
      weeks: [0, 0, 0, 0, 0, 0],
    });
  });

  it("takes the median days from each student's first application to their first interview and offer", () => {
    const r = report(
      [app("a1", "ann", "offer"), app("a2", "ann", "interview"), app("b1", "bob", "interview")],
      [
        move("a1", "2026-11-02", "applied"),
        move("a1", "2026-11-12", "interview"),
        move("a1", "2026-11-22", "offer"),
        // Ann's first application is a2; her first interview is a2's, 4 days later.
        move("a2", "2026-11-01", "applied"),
        move("a2", "2026-11-05", "interview"),
        // Bob: 10 days to an interview, no offer.
        move("b1", "2026-11-03", "applied"),
        move("b1", "2026-11-13", "interview"),
      ],
    );
    expect(r.toInterview).toEqual({ days: 7, students: 2 });
    expect(r.toOffer).toEqual({ days: 21, students: 1 });
  });

  it("does not count an interview for a student who never sent an application", () => {
    const r = report([app("a1", "ann", "wishlist")], [move("a1", "2026-11-02", "wishlist")]);
    expect(r.toInterview.students).toBe(0);
  });
});

describe("applicationsCsvRows", () => {
  it("writes one row per application with UTC dates, students in order", () => {
    const rows = applicationsCsvRows(
      [ann, bob],
      [app("b1", "bob", "interview"), app("a1", "ann", "wishlist", null)],
      [
        { applicationId: "b1", at: "2026-11-03T23:30:00.000Z", to: "applied" },
        { applicationId: "b1", at: "2026-11-13T08:00:00.000Z", to: "interview" },
      ],
    );
    expect(rows).toEqual([
      [
        "Ann Lee",
        "ann@example.com",
        "Firm a1",
        "Analyst",
        "",
        "posting",
        "wishlist",
        "",
        "2026-11-01",
        "",
        "",
        "",
        "",
      ],
      [
        "Bob Roe",
        "bob@example.com",
        "Firm b1",
        "Analyst",
        "Investment banking",
        "posting",
        "interview",
        "1",
        "2026-11-01",
        "2026-11-03",
        "2026-11-13",
        "",
        "2026-11-13",
      ],
    ]);
  });
});

describe("weekBucketer", () => {
  it("puts every instant in the week its date in the site's zone falls in, across daylight-saving changes", () => {
    // A cohort from Monday 2027-02-22: New York springs forward on Sunday 2027-03-14, in week 3.
    for (const zone of ["America/New_York", "Europe/London", "Asia/Tokyo"]) {
      const bucket = weekBucketer("2027-02-24", zone);
      for (let t = Date.parse("2027-02-20T00:00:00Z"); t < Date.parse("2027-04-10T00:00:00Z");) {
        const instant = new Date(t).toISOString();
        const { phase } = programmeWeeks("2027-02-24", dateInZone(new Date(t), zone));
        expect(bucket(instant), `${zone} ${instant}`).toEqual(phase);
        t += 37 * 60_000; // every 37 minutes: every hour's edge is crossed at some point
      }
    }
  });

  it("knows the edges: Monday's midnight in the zone opens a week, the instant before it does not", () => {
    const bucket = weekBucketer("2027-03-08", "America/New_York");
    expect(bucket("2027-03-08T04:59:59.999Z")).toEqual({ kind: "before" });
    expect(bucket("2027-03-08T05:00:00.000Z")).toEqual({ kind: "during", week: 1 });
    // Week 2 starts after the spring-forward Sunday: midnight is 04:00Z, not 05:00Z.
    expect(bucket("2027-03-15T03:59:59.999Z")).toEqual({ kind: "during", week: 1 });
    expect(bucket("2027-03-15T04:00:00.000Z")).toEqual({ kind: "during", week: 2 });
    expect(bucket("2027-04-19T04:00:00.000Z")).toEqual({ kind: "after" });
    expect(weekBucketer(null, "America/New_York")("2027-03-15T04:00:00.000Z")).toEqual({
      kind: "unscheduled",
    });
  });
});
