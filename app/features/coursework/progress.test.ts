import { describe, expect, it } from "vitest";
import {
  hasBegun,
  inReminderPeriod,
  lateAssignments,
  progressLine,
  remindable,
  type GivenAssignment,
  type ProgressFacts,
} from "./progress";

const NY = "America/New_York";
// Monday 1 March 2027; New York springs forward on Sunday 14 March 2027 (the end of week 2).
const START = "2027-03-01";

const a = (id: string, week: number, dueDay: number): GivenAssignment => ({
  id,
  title: `Assignment ${id}`,
  week,
  dueDay,
});
const GIVEN = [a("w1-resume", 1, 3), a("w1-story", 1, 7), a("w2-a", 2, 5), a("w2-b", 2, 7)];

const facts = (over: Partial<ProgressFacts> = {}): ProgressFacts => ({
  startDate: START,
  given: GIVEN,
  submitted: new Set(["w1-resume", "w1-story"]),
  oneOnOnesHeld: 0,
  sessionsAttended: 0,
  sessionsHeld: 0,
  applicationsSent: 0,
  applicationsTarget: null,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe("the progress line", () => {
  it("counts this week's assignments, the 1-on-1s owed so far, sessions and applications", () => {
    // Wednesday of week 2: week 1 has ended (one 1-on-1 owed), week 2's work is given.
    const line = progressLine(
      facts({
        submitted: new Set(["w1-resume", "w1-story", "w2-b"]),
        oneOnOnesHeld: 1,
        sessionsAttended: 1,
        sessionsHeld: 2,
        applicationsSent: 3,
        applicationsTarget: 5,
      }),
      at("2027-03-10T15:00:00Z"),
      NY,
    );
    expect(line).toEqual({
      week: 2,
      assignments: { done: 1, given: 2 },
      oneOnOnes: { held: 1, owed: 1 },
      sessions: { attended: 1, held: 2 },
      applications: { sent: 3, target: 5 },
      late: [],
      behind: [],
    });
  });

  it("is behind when work is past due with nothing submitted, and not once it is submitted late", () => {
    const now = at("2027-03-11T15:00:00Z");
    const late = progressLine(
      facts({ submitted: new Set(["w1-resume"]), oneOnOnesHeld: 1 }),
      now,
      NY,
    );
    expect(late.behind).toEqual(["late_work"]);
    expect(late.late.map((x) => x.id)).toEqual(["w1-story"]);
    // Due Sunday 7 March 23:59 EST.
    expect(late.late[0]!.dueAt).toBe("2027-03-08T04:59:00.000Z");
    const sentLate = progressLine(facts({ oneOnOnesHeld: 1 }), now, NY);
    expect(sentLate.behind).toEqual([]);
    // This week's work not due yet is not late.
    expect(sentLate.assignments).toEqual({ done: 0, given: 2 });
  });

  it("is behind when fewer 1-on-1s are held than owed, for both reasons at once", () => {
    const now = at("2027-03-16T15:00:00Z"); // Tuesday of week 3: two weeks ended.
    expect(progressLine(facts({ oneOnOnesHeld: 1 }), now, NY).behind).toEqual([
      "late_work",
      "one_on_ones",
    ]);
    expect(progressLine(facts({ oneOnOnesHeld: 2 }), now, NY).oneOnOnes).toEqual({
      held: 2,
      owed: 2,
    });
  });

  it("holds a due time across the daylight-saving change (23:59 EDT, not EST)", () => {
    const submitted = new Set(["w1-resume", "w1-story", "w2-a"]);
    const given = GIVEN;
    // w2-b is due Sunday 14 March 23:59 in New York, after clocks went forward: 03:59 UTC.
    const dueAt = "2027-03-15T03:59:00.000Z";
    expect(lateAssignments(START, given, submitted, at("2027-03-15T03:59:30Z"), NY)).toEqual([]);
    const late = lateAssignments(START, given, submitted, at("2027-03-15T04:00:00Z"), NY);
    expect(late).toEqual([{ ...a("w2-b", 2, 7), dueAt }]);
    // A rule that kept the winter offset (EST) would wait until 05:00 UTC.
    expect(lateAssignments(START, given, submitted, at("2027-03-15T04:30:00Z"), NY)).toHaveLength(
      1,
    );
    // Week 1's, before the change, is due at 23:59 EST.
    expect(
      lateAssignments(START, given, new Set(), at("2027-03-15T04:00:00Z"), NY)[1],
    ).toMatchObject({ id: "w1-story", dueAt: "2027-03-08T04:59:00.000Z" });
  });

  it("holds a due time when the clocks go back (New York, 1 November 2026)", () => {
    const start = "2026-10-26";
    const given = [a("sat", 1, 6), a("sun", 1, 7)];
    const none = new Set<string>();
    // Saturday 31 October 23:59 EDT; Sunday 1 November 23:59 EST.
    const late = lateAssignments(start, given, none, at("2026-11-02T05:00:00Z"), NY);
    expect(late.map((x) => [x.id, x.dueAt])).toEqual([
      ["sat", "2026-11-01T03:59:00.000Z"],
      ["sun", "2026-11-02T04:59:00.000Z"],
    ]);
  });

  it("says nothing is due before the programme, and counts every week after it", () => {
    const before = progressLine(facts({ submitted: new Set() }), at("2027-02-20T12:00:00Z"), NY);
    expect(before).toMatchObject({
      week: null,
      assignments: { done: 0, given: 0 },
      oneOnOnes: { held: 0, owed: 0 },
      late: [],
      behind: [],
    });
    const after = progressLine(facts({ oneOnOnesHeld: 6 }), at("2027-04-20T12:00:00Z"), NY);
    expect(after).toMatchObject({
      week: null,
      assignments: { done: 2, given: 4 },
      oneOnOnes: { held: 6, owed: 6 },
      behind: ["late_work"],
    });
    expect(after.late.map((x) => x.id)).toEqual(["w2-a", "w2-b"]);
  });

  it("has nothing late while the cohort has no start date", () => {
    const line = progressLine(
      facts({ startDate: null, submitted: new Set() }),
      at("2027-04-20T12:00:00Z"),
      NY,
    );
    expect(line.late).toEqual([]);
    expect(line.behind).toEqual([]);
    expect(hasBegun(null, at("2027-04-20T12:00:00Z"), NY)).toBe(false);
  });
});

describe("when a late reminder may go", () => {
  it("goes within a week of the due time, not after", () => {
    const late = { dueAt: "2027-03-08T04:59:00.000Z" };
    expect(remindable(late, at("2027-03-08T05:00:00Z"))).toBe(true);
    expect(remindable(late, at("2027-03-15T04:58:00Z"))).toBe(true);
    expect(remindable(late, at("2027-03-15T04:59:00Z"))).toBe(false);
  });

  it("reads a cohort from its first Monday to a week after its last due time", () => {
    expect(inReminderPeriod(START, at("2027-02-28T12:00:00Z"), NY)).toBe(false);
    expect(inReminderPeriod(START, at("2027-03-01T05:00:00Z"), NY)).toBe(true);
    // Week 6 ends Sunday 11 April 23:59 EDT (03:59 UTC on the 12th); a week later it stops.
    expect(inReminderPeriod(START, at("2027-04-19T03:59:00Z"), NY)).toBe(true);
    expect(inReminderPeriod(START, at("2027-04-19T04:01:00Z"), NY)).toBe(false);
    expect(inReminderPeriod(null, at("2027-03-10T12:00:00Z"), NY)).toBe(false);
  });
});
