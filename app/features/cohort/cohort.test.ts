import { describe, expect, it } from "vitest";
import {
  cohortAnnouncement,
  cohortStatus,
  countsAgainstHoldCap,
  isCheckoutSessionId,
  isCohortFull,
  hasSeatToHold,
  isBookableDate,
  isSoldOut,
  longDate,
  mondayOf,
  seatsLeft,
  shortDate,
  startDateDisplay,
  startWeek,
  DEFAULT_COHORT,
} from "./cohort";

describe("mondayOf", () => {
  it.each([
    ["2026-11-30", "2026-11-30"], // Monday
    ["2026-12-02", "2026-11-30"], // Wednesday
    ["2026-12-05", "2026-11-30"], // Saturday
    ["2026-12-06", "2026-11-30"], // Sunday belongs to the week that began on Monday
    ["2027-01-01", "2026-12-28"], // across a year
    ["2028-03-01", "2028-02-28"], // across a leap day
  ])("%s → %s", (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });
});

describe("startWeek", () => {
  it("is the Monday of the start date, so two dates of one week start the same week", () => {
    expect(startWeek("2026-12-02")).toBe("2026-11-30");
    expect(startWeek("2026-12-06")).toBe(startWeek("2026-11-30"));
    // Both read "the week of November 30", but years apart they are different weeks.
    expect(startDateDisplay("2037-11-30")).toBe(startDateDisplay("2026-11-30"));
    expect(startWeek("2037-11-30")).not.toBe(startWeek("2026-11-30"));
  });

  it("is null with no date or a date that is not one", () => {
    expect(startWeek(null)).toBeNull();
    expect(startWeek(undefined)).toBeNull();
    expect(startWeek("2026-02-30")).toBeNull();
  });
});

describe("startDateDisplay", () => {
  it("shows the Monday as Month day", () => {
    expect(startDateDisplay("2027-01-13")).toBe("January 11");
    expect(startDateDisplay("2026-12-06")).toBe("November 30");
  });

  it("falls back to our next cohort", () => {
    expect(startDateDisplay(null)).toBe("our next cohort");
    expect(startDateDisplay("not a date")).toBe("our next cohort");
    expect(startDateDisplay("2026-02-30")).toBe("our next cohort");
  });

  it("does not depend on the process time zone", () => {
    const before = process.env.TZ;
    process.env.TZ = "Pacific/Kiritimati";
    expect(startDateDisplay("2027-01-11")).toBe("January 11");
    process.env.TZ = "Pacific/Pago_Pago";
    expect(startDateDisplay("2027-01-11")).toBe("January 11");
    process.env.TZ = before;
  });
});

describe("isCohortFull", () => {
  it("is full with no spots left, when inactive, or with no data", () => {
    expect(isCohortFull(DEFAULT_COHORT)).toBe(false);
    expect(isCohortFull({ ...DEFAULT_COHORT, enrolledCount: 10 })).toBe(true);
    expect(isCohortFull({ ...DEFAULT_COHORT, enrolledCount: 12 })).toBe(true);
    expect(isCohortFull({ ...DEFAULT_COHORT, capacity: 0 })).toBe(true);
    expect(isCohortFull({ ...DEFAULT_COHORT, isActive: false })).toBe(true);
    expect(isCohortFull(null)).toBe(true);
  });

  it("summarises the status the enroll page reads", () => {
    expect(cohortStatus(null)).toEqual({ startDateDisplay: "our next cohort", isFull: true });
    expect(cohortStatus({ ...DEFAULT_COHORT, startDate: "2027-01-13" })).toEqual({
      startDateDisplay: "January 11",
      isFull: false,
    });
  });
});

describe("longDate", () => {
  it("names the weekday of a calendar date in UTC", () => {
    expect(longDate("2027-01-12")).toBe("Tuesday, January 12, 2027");
    expect(longDate("2028-02-29")).toBe("Tuesday, February 29, 2028");
  });
});

describe("shortDate", () => {
  it("names a calendar date short, as table rows do, whatever the machine's zone", () => {
    expect(shortDate("2026-11-25")).toBe("Wed, Nov 25");
    expect(shortDate("2027-01-01")).toBe("Fri, Jan 1");
  });
});

describe("seat rules", () => {
  const cohort = { ...DEFAULT_COHORT, capacity: 10, enrolledCount: 8 };

  it("holds a seat only while paid seats plus active holds stay below capacity", () => {
    expect(hasSeatToHold(cohort, 0)).toBe(true);
    expect(hasSeatToHold(cohort, 1)).toBe(true);
    expect(hasSeatToHold(cohort, 2)).toBe(false);
    expect(hasSeatToHold({ ...cohort, isActive: false }, 0)).toBe(false);
  });

  it("is sold out only when every seat is paid for or enrollment is closed", () => {
    expect(isSoldOut(cohort)).toBe(false);
    expect(isSoldOut({ ...cohort, enrolledCount: 10 })).toBe(true);
    expect(isSoldOut({ ...cohort, isActive: false })).toBe(true);
  });

  it("books livestreams today or later, on real dates", () => {
    expect(isBookableDate("2026-11-22", "2026-11-22")).toBe(true);
    expect(isBookableDate("2027-01-12", "2026-11-22")).toBe(true);
    expect(isBookableDate("2026-11-21", "2026-11-22")).toBe(false);
    expect(isBookableDate("2027-02-30", "2026-11-22")).toBe(false);
  });
});

describe("seatsLeft", () => {
  const cohort = {
    startDate: null,
    capacity: 10,
    enrolledCount: 6,
    isActive: true,
    earliestGraduationYear: null,
  };
  it("is capacity minus paid minus held, never below zero", () => {
    expect(seatsLeft(cohort, 0)).toBe(4);
    expect(seatsLeft(cohort, 3)).toBe(1);
    expect(seatsLeft(cohort, 9)).toBe(0);
  });
  it("agrees with the full predicate and the hold rule", () => {
    expect(isCohortFull({ ...cohort, enrolledCount: 10 })).toBe(true);
    expect(isCohortFull(null)).toBe(true);
    expect(isCohortFull({ ...cohort, isActive: false })).toBe(true);
    expect(hasSeatToHold(cohort, 3)).toBe(seatsLeft(cohort, 3) > 0);
    expect(hasSeatToHold(cohort, 4)).toBe(seatsLeft(cohort, 4) > 0);
  });
});

describe("cohortAnnouncement", () => {
  const today = "2026-11-25";
  const cohort = {
    startDate: "2027-01-13",
    capacity: 10,
    enrolledCount: 6,
    isActive: true,
    earliestGraduationYear: null,
  };

  it("announces the start week and the seats neither paid, held nor offered", () => {
    expect(cohortAnnouncement(cohort, 1, today)).toEqual({
      kind: "open",
      start: "January 11",
      seatsLeft: 3,
      capacity: 10,
    });
    expect(cohortAnnouncement({ ...cohort, startDate: null }, 0, today)).toEqual({
      kind: "open",
      start: null,
      seatsLeft: 4,
      capacity: 10,
    });
  });

  it("is full when every seat is paid for, held or offered, and closed when enrollment is", () => {
    expect(cohortAnnouncement(cohort, 4, today)).toEqual({ kind: "full", start: "January 11" });
    expect(cohortAnnouncement({ ...cohort, enrolledCount: 10 }, 0, today).kind).toBe("full");
    // A capacity lowered below the seats sold: full, never a negative count.
    expect(cohortAnnouncement({ ...cohort, capacity: 5 }, 0, today).kind).toBe("full");
    expect(cohortAnnouncement({ ...cohort, isActive: false }, 0, today)).toEqual({
      kind: "closed",
    });
  });

  it("agrees with the rule that lets a newcomer hold a seat", () => {
    for (const held of [0, 3, 4, 9]) {
      expect(cohortAnnouncement(cohort, held, today).kind === "open").toBe(
        hasSeatToHold(cohort, held),
      );
    }
  });

  it("announces a start only while it is still ahead", () => {
    const start = (startDate: string) =>
      (cohortAnnouncement({ ...cohort, startDate }, 0, today) as { start: string | null }).start;
    expect(start("2026-11-25")).toBe("November 23");
    expect(start("2026-11-24")).toBeNull();
    expect(start("2027-02-30")).toBeNull();
  });
});

describe("isCheckoutSessionId", () => {
  it("accepts provider session ids and nothing else", () => {
    expect(isCheckoutSessionId("cs_test_a1B2c3D4e5")).toBe(true);
    expect(isCheckoutSessionId("cs_localtest_0b6f3c9e-1d2a-4e5f-9a8b-7c6d5e4f3a2b")).toBe(true);
    for (const bad of [
      null,
      "",
      "cs_",
      "abc",
      "cs_../../x",
      "cs_a b c d e f g",
      `cs_${"a".repeat(300)}`,
    ])
      expect(isCheckoutSessionId(bad)).toBe(false);
  });
});

describe("countsAgainstHoldCap", () => {
  it("counts a new hold, never a seat already held for the buyer (offer or own checkout)", () => {
    expect(countsAgainstHoldCap({ seatHeld: false })).toBe(true);
    expect(countsAgainstHoldCap({ seatHeld: true })).toBe(false);
  });
});
