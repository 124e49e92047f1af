import { describe, expect, it } from "vitest";
import {
  bookableWeeks,
  dayStart,
  DEEP_DIVE_MINUTES,
  deepDiveUnlock,
  deepDiveWeeks,
  deepDiveWindow,
  windowSlots,
  freeSlots,
  programmeWeekAt,
  studentMayChange,
  wallInstants,
  weekWindow,
  type FreeSlotsInput,
} from "./slots";
import { formatWhen } from "~/lib/time-zone";

const FAR_BEFORE = new Date("2026-01-01T00:00:00Z");
const NY = "America/New_York";
const LONDON = "Europe/London";

function slots(
  input: Partial<FreeSlotsInput> & Pick<FreeSlotsInput, "availability" | "weekMonday">,
) {
  return freeSlots({
    mentorZone: NY,
    offDates: [],
    booked: [],
    siteZone: NY,
    now: FAR_BEFORE,
    ...input,
  }).map((slot) => slot.startsAt);
}

describe("freeSlots across daylight-saving changes", () => {
  it("US spring forward: a Sunday 02:00 and 02:30 that do not exist give no slot", () => {
    // Clocks in New York go from 01:59 EST to 03:00 EDT on Sunday 2027-03-14.
    expect(wallInstants("2027-03-14", 150, NY)).toEqual([]);
    const sunday = [{ weekday: 7, startMinute: 60, endMinute: 240 }];
    expect(slots({ availability: sunday, weekMonday: "2027-03-08" })).toEqual([
      "2027-03-14T06:00:00.000Z", // 01:00 EST
      "2027-03-14T06:30:00.000Z", // 01:30 EST, ends at 03:00 EDT
      "2027-03-14T07:00:00.000Z", // 03:00 EDT
      "2027-03-14T07:30:00.000Z", // 03:30 EDT
    ]);
  });

  it("US fall back: the hour that happens twice gives both of its instants", () => {
    // On Sunday 2027-11-07, 01:00-01:59 happens in EDT, then again in EST.
    expect(wallInstants("2027-11-07", 90, NY).map((d) => d.toISOString())).toEqual([
      "2027-11-07T05:30:00.000Z",
      "2027-11-07T06:30:00.000Z",
    ]);
    const sunday = [{ weekday: 7, startMinute: 60, endMinute: 120 }];
    const found = slots({ availability: sunday, weekMonday: "2027-11-01" });
    expect(found).toEqual([
      "2027-11-07T05:00:00.000Z",
      "2027-11-07T05:30:00.000Z",
      "2027-11-07T06:00:00.000Z",
      "2027-11-07T06:30:00.000Z",
    ]);
    expect(found.map((iso) => formatWhen(new Date(iso), NY))).toEqual([
      "Sun, Nov 7, 1:00 AM EDT",
      "Sun, Nov 7, 1:30 AM EDT",
      "Sun, Nov 7, 1:00 AM EST",
      "Sun, Nov 7, 1:30 AM EST",
    ]);
  });

  it("EU spring forward and fall back in London", () => {
    const sunday = (from: number, to: number) => [{ weekday: 7, startMinute: from, endMinute: to }];
    // 2027-03-28: 01:00 GMT becomes 02:00 BST; 01:00 and 01:30 do not exist.
    expect(
      slots({ availability: sunday(30, 180), weekMonday: "2027-03-22", mentorZone: LONDON }),
    ).toEqual(["2027-03-28T00:30:00.000Z", "2027-03-28T01:00:00.000Z", "2027-03-28T01:30:00.000Z"]);
    // 2027-10-31: 01:00-01:59 happens in BST, then in GMT.
    expect(
      slots({ availability: sunday(60, 120), weekMonday: "2027-10-25", mentorZone: LONDON }),
    ).toEqual([
      "2027-10-31T00:00:00.000Z",
      "2027-10-31T00:30:00.000Z",
      "2027-10-31T01:00:00.000Z",
      "2027-10-31T01:30:00.000Z",
    ]);
  });
});

describe("one instant, two readers", () => {
  it("a mentor in London and a student in New York see the same instant, each in their zone", () => {
    const tuesday = [{ weekday: 2, startMinute: 15 * 60, endMinute: 15 * 60 + 30 }];
    const [winter] = slots({ availability: tuesday, weekMonday: "2027-01-11", mentorZone: LONDON });
    expect(winter).toBe("2027-01-12T15:00:00.000Z");
    expect(formatWhen(new Date(winter!), LONDON)).toBe("Tue, Jan 12, 3:00 PM GMT");
    expect(formatWhen(new Date(winter!), NY)).toBe("Tue, Jan 12, 10:00 AM EST");
    // Between the US change (March 14) and the EU one (March 28) they are 4 hours apart.
    const [gap] = slots({ availability: tuesday, weekMonday: "2027-03-15", mentorZone: LONDON });
    expect(formatWhen(new Date(gap!), LONDON)).toBe("Tue, Mar 16, 3:00 PM GMT");
    expect(formatWhen(new Date(gap!), NY)).toBe("Tue, Mar 16, 11:00 AM EDT");
  });
});

describe("the programme week", () => {
  it("runs midnight to midnight in the site's zone, whatever the mentor's zone", () => {
    expect(weekWindow("2027-01-11", NY)).toEqual({
      start: new Date("2027-01-11T05:00:00.000Z"),
      end: new Date("2027-01-18T05:00:00.000Z"),
    });
    // Mondays 04:00-06:00 in London are Sunday 23:00 to Monday 01:00 in New York.
    const monday = [{ weekday: 1, startMinute: 240, endMinute: 360 }];
    expect(slots({ availability: monday, weekMonday: "2027-01-11", mentorZone: LONDON })).toEqual([
      "2027-01-11T05:00:00.000Z", // Monday 00:00 in New York: the week's first minute
      "2027-01-11T05:30:00.000Z",
      "2027-01-18T04:00:00.000Z", // Sunday 23:00 in New York, the week's last hour
      "2027-01-18T04:30:00.000Z",
    ]);
  });

  it("knows the week of an instant and the weeks a student may book", () => {
    expect(programmeWeekAt("2027-01-13", new Date("2027-01-11T04:59:00Z"), NY)).toBeNull();
    expect(programmeWeekAt("2027-01-13", new Date("2027-01-11T05:00:00Z"), NY)).toBe(1);
    expect(programmeWeekAt("2027-01-13", new Date("2027-01-18T05:00:00Z"), NY)).toBe(2);
    expect(programmeWeekAt(null, new Date("2027-01-18T05:00:00Z"), NY)).toBeNull();
    expect(bookableWeeks("2027-01-13", new Date("2027-01-01T12:00:00Z"), NY)).toEqual([1, 2]);
    expect(bookableWeeks("2027-01-13", new Date("2027-02-16T12:00:00Z"), NY)).toEqual([6]);
    expect(bookableWeeks("2027-01-13", new Date("2027-02-23T12:00:00Z"), NY)).toEqual([]);
    expect(bookableWeeks(null, new Date("2027-02-23T12:00:00Z"), NY)).toEqual([]);
  });
});

describe("what takes a slot away", () => {
  const tuesday = [{ weekday: 2, startMinute: 9 * 60, endMinute: 11 * 60 }];
  const base = { availability: tuesday, weekMonday: "2027-01-11" };

  it("minimum notice of 12 hours", () => {
    const at12h = new Date(Date.parse("2027-01-12T14:00:00Z") - 12 * 3_600_000);
    expect(slots({ ...base, now: at12h })[0]).toBe("2027-01-12T14:00:00.000Z");
    const later = new Date(at12h.getTime() + 60_000);
    expect(slots({ ...base, now: later })[0]).toBe("2027-01-12T14:30:00.000Z");
  });

  it("a day off, and bookings (overlapping ones too)", () => {
    expect(slots({ ...base, offDates: ["2027-01-12"] })).toEqual([]);
    expect(
      slots({
        ...base,
        booked: [
          { startsAt: "2027-01-12T14:00:00.000Z", endsAt: "2027-01-12T14:30:00.000Z" },
          { startsAt: "2027-01-12T15:15:00.000Z", endsAt: "2027-01-12T15:45:00.000Z" },
        ],
      }),
    ).toEqual(["2027-01-12T14:30:00.000Z"]);
  });

  it("overlapping availability rows give no overlapping slots", () => {
    const rows = [...tuesday, { weekday: 2, startMinute: 9 * 60 + 15, endMinute: 10 * 60 + 15 }];
    expect(slots({ availability: rows, weekMonday: "2027-01-11" })).toEqual([
      "2027-01-12T14:00:00.000Z",
      "2027-01-12T14:30:00.000Z",
      "2027-01-12T15:00:00.000Z",
      "2027-01-12T15:30:00.000Z",
    ]);
  });
});

describe("studentMayChange", () => {
  it("up to 24 hours before", () => {
    const start = "2027-01-12T14:00:00.000Z";
    expect(studentMayChange(start, new Date("2027-01-11T14:00:00Z"))).toBe(true);
    expect(studentMayChange(start, new Date("2027-01-11T14:00:01Z"))).toBe(false);
  });
});

describe("windowSlots: a duration and a window (the interview deep-dive)", () => {
  const mentor = { mentorZone: NY, offDates: [], booked: [], now: FAR_BEFORE };
  const hour = (
    input: Partial<Parameters<typeof windowSlots>[0]> & {
      availability: Parameters<typeof windowSlots>[0]["availability"];
      window: Parameters<typeof windowSlots>[0]["window"];
    },
  ) => windowSlots({ ...mentor, minutes: DEEP_DIVE_MINUTES, ...input });

  it("60-minute slots start every 30 minutes and end by the row's end", () => {
    const tuesday = [{ weekday: 2, startMinute: 9 * 60, endMinute: 11 * 60 }];
    const found = hour({ availability: tuesday, window: weekWindow("2027-01-11", NY) });
    expect(found).toEqual([
      { startsAt: "2027-01-12T14:00:00.000Z", endsAt: "2027-01-12T15:00:00.000Z" },
      { startsAt: "2027-01-12T14:30:00.000Z", endsAt: "2027-01-12T15:30:00.000Z" },
      { startsAt: "2027-01-12T15:00:00.000Z", endsAt: "2027-01-12T16:00:00.000Z" },
    ]);
  });

  it("US spring forward: an hour that runs into the jump must still end by the row's end", () => {
    // Sunday 2027-03-14 in New York, hours 01:00-04:00: 01:00 EST to 04:00 EDT is 2 real hours.
    const sunday = [{ weekday: 7, startMinute: 60, endMinute: 240 }];
    const found = hour({ availability: sunday, window: weekWindow("2027-03-08", NY) });
    expect(found.map((s) => s.startsAt)).toEqual([
      "2027-03-14T06:00:00.000Z", // 01:00 EST to 03:00 EDT
      "2027-03-14T06:30:00.000Z", // 01:30 EST to 03:30 EDT
      "2027-03-14T07:00:00.000Z", // 03:00 EDT to 04:00 EDT
    ]);
    // Hours 01:00-03:00 that day are one real hour: only 01:00 EST fits.
    const short = [{ weekday: 7, startMinute: 60, endMinute: 180 }];
    expect(
      hour({ availability: short, window: weekWindow("2027-03-08", NY) }).map((s) => s.startsAt),
    ).toEqual(["2027-03-14T06:00:00.000Z"]);
  });

  it("EU fall back: the hour that happens twice gives both, each a real hour", () => {
    // London, Sunday 2027-10-31, hours 01:00-02:00: 01:00 BST to 02:00 GMT is 2 real hours.
    const sunday = [{ weekday: 7, startMinute: 60, endMinute: 120 }];
    const found = hour({
      availability: sunday,
      mentorZone: LONDON,
      window: weekWindow("2027-10-25", LONDON),
    });
    expect(found).toEqual([
      { startsAt: "2027-10-31T00:00:00.000Z", endsAt: "2027-10-31T01:00:00.000Z" },
      { startsAt: "2027-10-31T01:00:00.000Z", endsAt: "2027-10-31T02:00:00.000Z" },
    ]);
  });

  it("a deep-dive ends before the interview day starts (site's zone), and overlaps no 1-on-1", () => {
    // Mentor in London, Sunday 23:00-Monday 01:00 London = Sunday 18:00-20:00 in New York.
    const rows = [{ weekday: 7, startMinute: 22 * 60, endMinute: 24 * 60 }];
    const interview = "2027-01-18"; // a Monday: the day starts at 05:00Z in New York
    expect(deepDiveWeeks(interview, new Date("2027-01-12T12:00:00Z"), NY)).toEqual(["2027-01-11"]);
    const window = deepDiveWindow("2027-01-11", interview, NY);
    expect(window.end.toISOString()).toBe("2027-01-18T05:00:00.000Z");
    const found = windowSlots({
      ...mentor,
      mentorZone: LONDON,
      availability: rows,
      minutes: DEEP_DIVE_MINUTES,
      window,
    });
    expect(found.map((s) => s.startsAt)).toEqual([
      "2027-01-17T22:00:00.000Z",
      "2027-01-17T22:30:00.000Z",
      "2027-01-17T23:00:00.000Z",
    ]);
    // An interview on the Sunday itself: nothing that day is before it.
    const sundayInterview = deepDiveWindow("2027-01-11", "2027-01-17", NY);
    expect(
      windowSlots({
        ...mentor,
        mentorZone: LONDON,
        availability: rows,
        minutes: 60,
        window: sundayInterview,
      }),
    ).toEqual([]);
    // A booked 1-on-1 at 22:45-23:15 takes every hour that overlaps it.
    expect(
      windowSlots({
        ...mentor,
        mentorZone: LONDON,
        availability: rows,
        minutes: 60,
        window,
        booked: [{ startsAt: "2027-01-17T22:45:00.000Z", endsAt: "2027-01-17T23:15:00.000Z" }],
      }),
    ).toEqual([]);
  });

  it("the interview day in New York across the US change; no weeks once it has begun", () => {
    // Monday 2027-03-15 begins at 04:00Z (EDT), the week of 2027-03-08 at 05:00Z (EST).
    expect(dayStart("2027-03-15", NY).toISOString()).toBe("2027-03-15T04:00:00.000Z");
    expect(deepDiveWindow("2027-03-08", "2027-03-15", NY).start.toISOString()).toBe(
      "2027-03-08T05:00:00.000Z",
    );
    expect(deepDiveWeeks("2027-03-17", new Date("2027-03-05T12:00:00Z"), NY)).toEqual([
      "2027-03-01",
      "2027-03-08",
      "2027-03-15",
    ]);
    expect(deepDiveWeeks("2027-03-15", new Date("2027-03-15T03:59:00Z"), NY)).toEqual([
      "2027-03-08",
    ]);
    expect(deepDiveWeeks("2027-03-15", new Date("2027-03-15T04:00:00Z"), NY)).toEqual([]);
  });

  it("minimum notice holds for deep-dives too", () => {
    const tuesday = [{ weekday: 2, startMinute: 9 * 60, endMinute: 11 * 60 }];
    const now = new Date(Date.parse("2027-01-12T14:30:00Z") - 12 * 3_600_000);
    expect(
      hour({ availability: tuesday, window: weekWindow("2027-01-11", NY), now }).map(
        (s) => s.startsAt,
      ),
    ).toEqual(["2027-01-12T14:30:00.000Z", "2027-01-12T15:00:00.000Z"]);
  });
});

describe("deepDiveUnlock", () => {
  const seat = "cohort-now";
  const row = (id: string, cohort_id: string, interview_date: string) => ({
    id,
    cohort_id,
    interview_date,
  });
  const today = "2027-01-08";

  it("counts only the seat's interviews whose day is after today, soonest first", () => {
    const interviews = [
      row("later", seat, "2027-02-10"),
      row("past", seat, "2027-01-05"),
      row("today", seat, today),
      row("other-cohort", "cohort-before", "2027-01-12"),
      row("soon", seat, "2027-01-20"),
    ];
    const rule = deepDiveUnlock({ cohortId: seat, today, interviews, booked: false });
    expect(rule.ahead.map((r) => r.id)).toEqual(["soon", "later"]);
    expect(rule.unlocked).toBe(true);
  });

  it("is locked by another cohort's interview alone, by none ahead, and once one is booked", () => {
    const other = [row("other-cohort", "cohort-before", "2027-01-20")];
    expect(deepDiveUnlock({ cohortId: seat, today, interviews: other, booked: false })).toEqual({
      ahead: [],
      unlocked: false,
    });
    const past = [row("past", seat, "2027-01-07")];
    expect(
      deepDiveUnlock({ cohortId: seat, today, interviews: past, booked: false }).unlocked,
    ).toBe(false);
    const ahead = [row("soon", seat, "2027-01-20")];
    const booked = deepDiveUnlock({ cohortId: seat, today, interviews: ahead, booked: true });
    expect(booked).toEqual({ ahead, unlocked: false });
  });
});
