import { describe, expect, it } from "vitest";
import { monthDayDisplay } from "~/features/cohort/cohort";
import {
  checklistOf,
  cohortPlace,
  dueThisWeek,
  profileDoneAt,
  profileMissing,
  programmeWeeks,
  type ProfileFacts,
} from "./onboarding";

describe("checklistOf", () => {
  it("has nothing done before the first sign-in", () => {
    expect(checklistOf(null)).toEqual({
      items: [
        { key: "profile", state: "todo" },
        { key: "calendar", state: "todo" },
        { key: "prework", state: "todo" },
      ],
      done: 0,
      total: 3,
      complete: false,
    });
  });

  it("is checked off by the profile, a calendar app's first fetch of the feed and the pre-work", () => {
    const half = checklistOf({
      profile_done_at: "2026-11-22T12:00:00Z",
      prework_read_at: null,
      calendar_fetched_at: null,
    });
    expect(half.items.map((item) => item.state)).toEqual(["done", "todo", "todo"]);
    expect([half.done, half.total, half.complete]).toEqual([1, 3, false]);
    const two = checklistOf({
      profile_done_at: "x",
      prework_read_at: "y",
      calendar_fetched_at: null,
    });
    expect([two.done, two.total, two.complete]).toEqual([2, 3, false]);
    const all = checklistOf({
      profile_done_at: "x",
      prework_read_at: "y",
      calendar_fetched_at: "z",
    });
    expect([all.done, all.total, all.complete]).toEqual([3, 3, true]);
  });
});

const full: ProfileFacts = {
  timeZone: "America/Chicago",
  targetRoles: ["Banking"],
  linkedinUrl: "https://www.linkedin.com/in/ada",
  resumeUploadId: "u1",
};

describe("profileMissing and profileDoneAt", () => {
  it("needs a time zone, a target role, a LinkedIn URL and a resume", () => {
    expect(profileMissing(full)).toEqual([]);
    expect(
      profileMissing({ timeZone: null, targetRoles: [], linkedinUrl: null, resumeUploadId: null }),
    ).toEqual(["time_zone", "target_roles", "linkedin_url", "resume"]);
    expect(profileMissing({ ...full, resumeUploadId: null })).toEqual(["resume"]);
  });

  it("keeps the first completion, sets it when it happens and clears it when lost", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(profileDoneAt(full, null, now)).toBe(now.toISOString());
    expect(profileDoneAt(full, "2026-11-01T00:00:00.000Z", now)).toBe("2026-11-01T00:00:00.000Z");
    expect(profileDoneAt({ ...full, targetRoles: [] }, "2026-11-01T00:00:00.000Z", now)).toBe(null);
  });
});

describe("programmeWeeks", () => {
  it("lists the six weeks without dates while no start date is set", () => {
    const { weeks, phase } = programmeWeeks(null, "2026-11-22");
    expect(weeks.map((w) => [w.week, w.startsOn])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, null],
      [5, null],
      [6, null],
    ]);
    expect(phase).toEqual({ kind: "unscheduled" });
  });

  it("dates each week from the Monday of the start week", () => {
    // 2027-01-13 is a Wednesday: week 1 is the week of Monday, January 11.
    const { weeks } = programmeWeeks("2027-01-13", "2026-11-22");
    expect(weeks.map((w) => w.startsOn)).toEqual([
      "2027-01-11",
      "2027-01-18",
      "2027-01-25",
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
    ]);
  });

  it("knows the current week, Monday to Sunday", () => {
    const phase = (today: string) => programmeWeeks("2027-01-13", today).phase;
    expect(phase("2027-01-10")).toEqual({ kind: "before" });
    expect(phase("2027-01-11")).toEqual({ kind: "during", week: 1 });
    expect(phase("2027-01-17")).toEqual({ kind: "during", week: 1 });
    expect(phase("2027-01-18")).toEqual({ kind: "during", week: 2 });
    expect(phase("2027-02-21")).toEqual({ kind: "during", week: 6 });
    expect(phase("2027-02-22")).toEqual({ kind: "after" });
  });

  it("crosses a change of clocks and of year by calendar dates", () => {
    const { weeks, phase } = programmeWeeks("2026-12-28", "2027-03-15");
    expect(weeks[5]!.startsOn).toBe("2027-02-01");
    expect(phase).toEqual({ kind: "after" });
    expect(programmeWeeks("2027-03-01", "2027-03-15").phase).toEqual({ kind: "during", week: 3 });
  });
});

describe("cohortPlace", () => {
  it("says where the cohort is: not dated, starting, week n of 6, or ended on week 6's Sunday", () => {
    expect(cohortPlace(null, "2026-11-20")).toEqual({ kind: "unscheduled" });
    expect(cohortPlace("2026-11-04", "2026-11-01")).toEqual({
      kind: "before",
      startsOn: "2026-11-02",
    });
    expect(cohortPlace("2026-11-04", "2026-11-02")).toEqual({ kind: "during", week: 1, of: 6 });
    expect(cohortPlace("2026-11-04", "2026-11-18")).toEqual({ kind: "during", week: 3, of: 6 });
    expect(cohortPlace("2026-11-04", "2026-12-13")).toEqual({ kind: "during", week: 6, of: 6 });
    expect(cohortPlace("2026-11-04", "2026-12-14")).toEqual({
      kind: "after",
      endedOn: "2026-12-13",
    });
    expect(monthDayDisplay("2026-12-13")).toBe("December 13");
  });

  it("counts weeks by calendar dates across a change of clocks (US, March 14 2027)", () => {
    expect(cohortPlace("2027-03-01", "2027-03-14")).toEqual({ kind: "during", week: 2, of: 6 });
    expect(cohortPlace("2027-03-01", "2027-03-15")).toEqual({ kind: "during", week: 3, of: 6 });
    expect(cohortPlace("2027-03-01", "2027-04-12")).toEqual({
      kind: "after",
      endedOn: "2027-04-11",
    });
  });
});

describe("dueThisWeek", () => {
  const open = checklistOf({
    profile_done_at: null,
    prework_read_at: "y",
    calendar_fetched_at: "z",
  });
  it("is the onboarding before the start, with what is still open", () => {
    expect(dueThisWeek({ kind: "before" }, open)).toEqual({
      kind: "onboarding",
      onboardingLeft: ["profile"],
    });
    expect(dueThisWeek({ kind: "unscheduled" }, checklistOf(null))).toEqual({
      kind: "onboarding",
      onboardingLeft: ["profile", "calendar", "prework"],
    });
  });
  it("is the week's work during the programme, and nothing after it", () => {
    expect(dueThisWeek({ kind: "during", week: 3 }, open)).toEqual({
      kind: "week",
      week: 3,
      onboardingLeft: ["profile"],
    });
    expect(dueThisWeek({ kind: "after" }, open)).toEqual({ kind: "finished" });
  });
});
