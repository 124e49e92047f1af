import { describe, expect, it } from "vitest";
import {
  applicationFlags,
  pipelineByStage,
  QUIET_DAYS,
  sortKeyOf,
  sortSummaries,
  studentSummaries,
  thisWeek,
  type PipelineApplication,
  type PipelineConversation,
  type StudentSummary,
} from "./pipeline";
import { addDays } from "~/lib/calendar-date";
import { dateInZone } from "~/lib/time-zone";

const DAY = 86_400_000;
const ZONE = "America/New_York";
// Wednesday 2026-12-09, 12:00 in New York.
const NOW = new Date("2026-12-09T17:00:00.000Z");
const at = { now: NOW, today: "2026-12-09" };
const clock = { now: NOW, siteZone: ZONE };
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const app = (over: Partial<PipelineApplication> = {}): PipelineApplication => ({
  id: "a1",
  personId: "p1",
  firm: "Acme",
  role: "Analyst",
  stage: "applied",
  round: null,
  deadline: null,
  nextStep: null,
  movedAt: ago(DAY),
  sent: null,
  ...over,
});
const conversation = (over: Partial<PipelineConversation> = {}): PipelineConversation => ({
  id: "c1",
  personId: "p1",
  personName: "Sam Banker",
  firm: "Evercore",
  date: "2026-12-01",
  followUp: null,
  loggedAt: ago(DAY),
  ...over,
});
const kinds = (application: PipelineApplication) =>
  applicationFlags(application, at).map((flag) => flag.kind);

describe("the flags of an application", () => {
  it("flags an open application with no move for exactly 14 days, not one a minute short", () => {
    expect(kinds(app({ movedAt: ago(QUIET_DAYS * DAY) }))).toEqual(["quiet"]);
    expect(kinds(app({ movedAt: ago(QUIET_DAYS * DAY - 60_000) }))).toEqual([]);
    const flag = applicationFlags(app({ movedAt: ago(20 * DAY) }), at)[0]!;
    expect(flag).toEqual({
      kind: "quiet",
      about: { type: "application", id: "a1", firm: "Acme", role: "Analyst" },
      since: ago(20 * DAY),
    });
  });

  it("never flags an application that has ended as quiet", () => {
    for (const stage of ["accepted", "declined", "rejected", "withdrawn", "ghosted"] as const)
      expect(kinds(app({ stage, movedAt: ago(60 * DAY) }))).toEqual([]);
    for (const stage of ["wishlist", "applied", "offer"] as const)
      expect(kinds(app({ stage, movedAt: ago(60 * DAY) }))).toEqual(["quiet"]);
  });

  it("flags a deadline passed (yesterday, not today) while still Wishlist or Applied", () => {
    expect(kinds(app({ stage: "wishlist", deadline: "2026-12-08" }))).toEqual(["deadline"]);
    expect(kinds(app({ stage: "applied", deadline: "2026-12-08" }))).toEqual(["deadline"]);
    expect(kinds(app({ stage: "wishlist", deadline: "2026-12-09" }))).toEqual([]);
    expect(
      kinds(app({ stage: "interview", round: 1, deadline: "2026-12-01", nextStep: "Call" })),
    ).toEqual([]);
    expect(applicationFlags(app({ deadline: "2026-12-01" }), at)[0]!.since).toBe("2026-12-01");
  });

  it("flags an interview without a next step (blank counts as none)", () => {
    expect(kinds(app({ stage: "interview", round: 1 }))).toEqual(["next_step"]);
    expect(kinds(app({ stage: "interview", round: 1, nextStep: "  " }))).toEqual(["next_step"]);
    expect(kinds(app({ stage: "interview", round: 1, nextStep: "Thank-you note" }))).toEqual([]);
    expect(kinds(app({ stage: "offer", nextStep: null }))).toEqual([]);
  });

  it("gives every flag that applies, in order", () => {
    expect(kinds(app({ stage: "interview", round: 2, movedAt: ago(30 * DAY) }))).toEqual([
      "quiet",
      "next_step",
    ]);
    expect(kinds(app({ deadline: "2026-11-01", movedAt: ago(30 * DAY) }))).toEqual([
      "quiet",
      "deadline",
    ]);
  });
});

describe("this week", () => {
  it("runs Monday 00:00 to the next Monday in the site's zone", () => {
    const week = thisWeek(clock);
    expect(new Date(week.from).toISOString()).toBe("2026-12-07T05:00:00.000Z");
    expect(new Date(week.to).toISOString()).toBe("2026-12-14T05:00:00.000Z");
  });
});

describe("a student's summary", () => {
  const students = [
    { personId: "p1", name: "Ada" },
    { personId: "p2", name: "Bob" },
  ];
  const monday = "2026-12-07T05:00:00.000Z";
  const sundayBefore = "2026-12-07T04:59:59.000Z";

  it("counts by stage, sent this week, and the last activity", () => {
    const applications = [
      app({ id: "a1", stage: "applied", movedAt: monday, sent: monday }),
      app({ id: "a2", stage: "applied", movedAt: sundayBefore, sent: sundayBefore }),
      app({
        id: "a3",
        stage: "interview",
        round: 1,
        nextStep: "Call",
        movedAt: ago(DAY),
        sent: ago(DAY),
      }),
      app({ id: "a4", stage: "wishlist", movedAt: ago(2 * DAY) }),
      app({
        id: "b1",
        personId: "p2",
        stage: "rejected",
        movedAt: ago(40 * DAY),
        sent: ago(41 * DAY),
      }),
    ];
    const [ada, bob] = studentSummaries({ students, applications, clock });
    expect(ada).toMatchObject({
      personId: "p1",
      total: 4,
      thisWeek: 2,
      lastActivity: ago(DAY),
      flags: [],
    });
    expect(ada!.byStage).toMatchObject({ wishlist: 1, applied: 2, interview: 1, offer: 0 });
    expect(bob).toMatchObject({ total: 1, thisWeek: 0, lastActivity: ago(40 * DAY), flags: [] });
  });

  it("has no activity and nothing flagged with no application; a logged conversation counts", () => {
    const [ada, bob] = studentSummaries({
      students,
      applications: [],
      conversations: [conversation({ personId: "p2", loggedAt: ago(3 * DAY) })],
      clock,
    });
    expect(ada).toMatchObject({ total: 0, thisWeek: 0, lastActivity: null, flags: [] });
    expect(bob!.lastActivity).toBe(ago(3 * DAY));
  });

  it("flags a follow-up date passed until a later conversation with the firm is logged", () => {
    const today = dateInZone(clock.now, clock.siteZone);
    const yesterday = addDays(today, -1);
    const passed = conversation({ id: "c1", date: addDays(today, -10), followUp: yesterday });
    const dueToday = conversation({ id: "c2", firm: "Other", followUp: today });
    const summarize = (conversations: PipelineConversation[]) =>
      studentSummaries({
        students: [students[0]!],
        applications: [],
        conversations,
        clock,
      })[0]!.flags;
    expect(summarize([passed, dueToday]).map((f) => [f.kind, f.about.id, f.since])).toEqual([
      ["follow_up", "c1", yesterday],
    ]);
    // A later talk with the same firm (any case) is the follow-up: nothing is flagged.
    const later = conversation({ id: "c3", firm: " evercore ", date: addDays(today, -2) });
    expect(summarize([passed, later])).toEqual([]);
  });

  it("counts this week's conversations and carries the targets", () => {
    const today = dateInZone(clock.now, clock.siteZone);
    const [ada] = studentSummaries({
      students: [students[0]!],
      applications: [],
      conversations: [
        conversation({ id: "c1", date: today }),
        conversation({ id: "c2", date: addDays(today, -8) }),
      ],
      targets: new Map([["p1", { applicationsPerWeek: 5, conversationsPerWeek: 2 }]]),
      clock,
    });
    expect(ada).toMatchObject({
      conversationsThisWeek: 1,
      targets: { applicationsPerWeek: 5, conversationsPerWeek: 2 },
    });
  });

  it("carries each flag with the application it concerns; nobody else's applications", () => {
    const [ada] = studentSummaries({
      students: [students[0]!],
      applications: [
        app({ id: "a1", firm: "Quiet Co", movedAt: ago(15 * DAY) }),
        app({ id: "x1", personId: "someone-else", movedAt: ago(15 * DAY) }),
      ],
      clock,
    });
    expect(ada!.total).toBe(1);
    expect(ada!.flags.map((f) => [f.kind, f.about.firm])).toEqual([["quiet", "Quiet Co"]]);
  });
});

describe("sorting the board", () => {
  const row = (name: string, over: Partial<StudentSummary>): StudentSummary => ({
    personId: name,
    name,
    byStage: {} as StudentSummary["byStage"],
    total: 0,
    thisWeek: 0,
    conversationsThisWeek: 0,
    targets: null,
    lastActivity: null,
    flags: [],
    ...over,
  });
  const flag = app().id;
  const flags = (n: number) =>
    Array.from({ length: n }, () => ({
      kind: "quiet" as const,
      about: { type: "application" as const, id: flag, firm: "F", role: "R" },
      since: "",
    }));
  const rows = [
    row("Cat", { flags: flags(1), lastActivity: ago(DAY), thisWeek: 3 }),
    row("Ada", { flags: flags(0), lastActivity: ago(5 * DAY), thisWeek: 0 }),
    row("Bob", { flags: flags(2), lastActivity: null, thisWeek: 1 }),
    row("Dan", { flags: flags(1), lastActivity: ago(2 * DAY), thisWeek: 0 }),
  ];
  const names = (key: string) => sortSummaries(rows, sortKeyOf(key)).map((r) => r.name);

  it("puts first whom a mentor should look at, ties by name", () => {
    expect(names("flags")).toEqual(["Bob", "Cat", "Dan", "Ada"]);
    expect(names("activity")).toEqual(["Bob", "Ada", "Dan", "Cat"]);
    expect(names("week")).toEqual(["Ada", "Dan", "Bob", "Cat"]);
    expect(names("name")).toEqual(["Ada", "Bob", "Cat", "Dan"]);
  });

  it("reads an unknown sort as by flags", () => {
    expect(sortKeyOf(null)).toBe("flags");
    expect(sortKeyOf("salary")).toBe("flags");
    expect(sortKeyOf("week")).toBe("week");
  });
});

describe("one student's pipeline", () => {
  it("shows the open stages always, closed ones when used, last moved first", () => {
    const groups = pipelineByStage([
      app({ id: "old", stage: "applied", movedAt: ago(9 * DAY) }),
      app({ id: "new", stage: "applied", movedAt: ago(DAY) }),
      app({ id: "r", stage: "rejected" }),
    ]);
    expect(groups.map((g) => [g.stage, g.applications.map((a) => a.id)])).toEqual([
      ["wishlist", []],
      ["applied", ["new", "old"]],
      ["interview", []],
      ["offer", []],
      ["rejected", ["r"]],
    ]);
  });
});
