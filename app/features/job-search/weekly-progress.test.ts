import { describe, expect, it } from "vitest";
import { programmeWeeks } from "~/features/portal/onboarding";
import { weeklyProgress, weekWindow, type WeekWindow } from "./weekly-progress";

const NY = "America/New_York";

describe("weekWindow", () => {
  it("is Monday to Sunday of the zone's calendar, its instants at the zone's midnights", () => {
    // Wednesday 2027-01-20, 15:00 UTC (10:00 in New York).
    expect(weekWindow(new Date("2027-01-20T15:00:00Z"), NY)).toEqual({
      startsOn: "2027-01-18",
      endsOn: "2027-01-24",
      from: "2027-01-18T05:00:00.000Z",
      to: "2027-01-25T05:00:00.000Z",
    });
  });

  it("takes the day in the zone: late Sunday evening in New York is still that week", () => {
    // Monday 03:00 UTC is Sunday 22:00 in New York.
    expect(weekWindow(new Date("2027-01-25T03:00:00Z"), NY).startsOn).toBe("2027-01-18");
    expect(weekWindow(new Date("2027-01-25T05:00:00Z"), NY).startsOn).toBe("2027-01-25");
  });

  it("spans 169 hours in the week the clocks go back, and 167 when they go forward", () => {
    const back = weekWindow(new Date("2026-10-28T12:00:00Z"), NY);
    expect(back).toEqual({
      startsOn: "2026-10-26",
      endsOn: "2026-11-01",
      from: "2026-10-26T04:00:00.000Z",
      to: "2026-11-02T05:00:00.000Z",
    });
    const forward = weekWindow(new Date("2027-03-10T12:00:00Z"), NY);
    expect(forward.from).toBe("2027-03-08T05:00:00.000Z");
    expect(forward.to).toBe("2027-03-15T04:00:00.000Z");
    const hours = (w: WeekWindow) => (Date.parse(w.to) - Date.parse(w.from)) / 3_600_000;
    expect([hours(back), hours(forward)]).toEqual([169, 167]);
  });

  it("is the programme's week: week 3 of a cohort that starts on a Wednesday", () => {
    const window = weekWindow(new Date("2027-01-27T15:00:00Z"), NY);
    const { weeks } = programmeWeeks("2027-01-13", window.startsOn);
    expect(weeks[2]!.startsOn).toBe(window.startsOn);
  });
});

describe("weeklyProgress", () => {
  const window = weekWindow(new Date("2026-10-28T12:00:00Z"), NY);
  it("counts the applications sent in the week, by the zone's calendar", () => {
    const progress = weeklyProgress({
      window,
      sent: [
        // Sent Monday 00:30 New York time (the week's first hour).
        "2026-10-26T04:30:00.000Z",
        // Sent Sunday 23:30 EST, after the clocks went back: still this week.
        "2026-11-02T04:30:00.000Z",
        // Sent Sunday 00:30 the week before (EDT): not this week.
        "2026-10-26T03:59:59.000Z",
        // Monday 00:00 EST of the next week: not this week.
        "2026-11-02T05:00:00.000Z",
        // Sent last week (interviewing this week).
        "2026-10-20T12:00:00.000Z",
        // Sent this week straight to Interview (a referral).
        "2026-10-30T12:00:00.000Z",
        // On the wishlist only: never sent.
        null,
      ],
      conversations: [],
      targets: null,
    });
    expect(progress).toEqual({
      applicationsSent: 3,
      applicationsTarget: null,
      conversations: 0,
      conversationsTarget: null,
      followUpsDue: 0,
    });
  });

  it("counts the week's conversations and follow-ups by their dates, against the targets", () => {
    const progress = weeklyProgress({
      window,
      sent: [],
      conversations: [
        { date: "2026-10-26", followUp: null },
        { date: "2026-11-01", followUp: "2026-11-09" },
        { date: "2026-10-25", followUp: "2026-10-26" },
        { date: "2026-10-20", followUp: "2026-11-01" },
        { date: "2026-11-02", followUp: "2026-11-02" },
      ],
      targets: { applicationsPerWeek: 10, conversationsPerWeek: 3 },
    });
    expect(progress).toEqual({
      applicationsSent: 0,
      applicationsTarget: 10,
      conversations: 2,
      conversationsTarget: 3,
      followUpsDue: 2,
    });
  });

  it("keeps a target of 0 as a target", () => {
    const progress = weeklyProgress({
      window,
      sent: [],
      conversations: [],
      targets: { applicationsPerWeek: 0, conversationsPerWeek: 0 },
    });
    expect(progress.applicationsTarget).toBe(0);
    expect(progress.conversationsTarget).toBe(0);
  });
});
