import { describe, expect, it } from "vitest";
import { mentorListWeek, offerNudgeDue, owedNudgeWeek, wallMoment } from "./nudges";

const SITE = "America/New_York";
/** Week 1 is Monday 2027-03-08; New York springs forward on Sunday 2027-03-14 (week 2's eve). */
const START = "2027-03-08";
const at = (iso: string) => new Date(iso);

describe("mid-week in the student's zone (Wednesday noon)", () => {
  it("is noon on the student's own wall clock, before and after a daylight-saving change", () => {
    // EST (UTC-5) in week 1, EDT (UTC-4) in week 2: the instant moves, the wall clock does not.
    expect(wallMoment("2027-03-08", { days: 2, time: "12:00" }, SITE).toISOString()).toBe(
      "2027-03-10T17:00:00.000Z",
    );
    expect(wallMoment("2027-03-15", { days: 2, time: "12:00" }, SITE).toISOString()).toBe(
      "2027-03-17T16:00:00.000Z",
    );
    // London changes later (2027-03-28): still GMT in week 2.
    expect(
      wallMoment("2027-03-15", { days: 2, time: "12:00" }, "Europe/London").toISOString(),
    ).toBe("2027-03-17T12:00:00.000Z");
  });

  it("owes the current week's 1-on-1 from the student's Wednesday noon, not before", () => {
    expect(owedNudgeWeek(START, at("2027-03-10T16:59:59Z"), SITE, SITE)).toBeNull();
    expect(owedNudgeWeek(START, at("2027-03-10T17:00:00Z"), SITE, SITE)).toBe(1);
    // After the change, an hour earlier in UTC.
    expect(owedNudgeWeek(START, at("2027-03-17T15:59:59Z"), SITE, SITE)).toBeNull();
    expect(owedNudgeWeek(START, at("2027-03-17T16:00:00Z"), SITE, SITE)).toBe(2);
  });

  it("follows the student's zone: London and Tokyo come earlier than New York", () => {
    expect(owedNudgeWeek(START, at("2027-03-17T12:00:00Z"), "Europe/London", SITE)).toBe(2);
    expect(owedNudgeWeek(START, at("2027-03-17T11:59:00Z"), "Europe/London", SITE)).toBeNull();
    expect(owedNudgeWeek(START, at("2027-03-10T03:00:00Z"), "Asia/Tokyo", SITE)).toBe(1);
    expect(owedNudgeWeek(START, at("2027-03-10T02:59:00Z"), "Asia/Tokyo", SITE)).toBeNull();
  });

  it("owes the week the programme is in (site's zone): none before, a new one each Monday, none after week 6", () => {
    expect(owedNudgeWeek(START, at("2027-03-05T17:00:00Z"), SITE, SITE)).toBeNull();
    // Sunday night of week 1 in New York is still week 1.
    expect(owedNudgeWeek(START, at("2027-03-15T03:30:00Z"), SITE, SITE)).toBe(1);
    // Monday of week 2: week 2's moment has not come, and week 1 is over.
    expect(owedNudgeWeek(START, at("2027-03-15T14:00:00Z"), SITE, SITE)).toBeNull();
    expect(owedNudgeWeek(START, at("2027-04-14T16:00:00Z"), SITE, SITE)).toBe(6);
    expect(owedNudgeWeek(START, at("2027-04-21T16:00:00Z"), SITE, SITE)).toBeNull();
    expect(owedNudgeWeek(null, at("2027-03-10T17:00:00Z"), SITE, SITE)).toBeNull();
  });
});

describe("the mentor's Monday list (Monday 08:00 in their zone)", () => {
  it("is due from their Monday morning, across the change", () => {
    expect(mentorListWeek(START, at("2027-03-08T12:59:00Z"), SITE, SITE)).toBeNull();
    expect(mentorListWeek(START, at("2027-03-08T13:00:00Z"), SITE, SITE)).toBe(1);
    expect(mentorListWeek(START, at("2027-03-15T11:59:00Z"), SITE, SITE)).toBeNull();
    expect(mentorListWeek(START, at("2027-03-15T12:00:00Z"), SITE, SITE)).toBe(2);
  });

  it("waits for the programme week to begin when the mentor's Monday comes first (Tokyo)", () => {
    // Monday 08:00 in Tokyo is Sunday 23:00 UTC, still the week before in New York.
    expect(mentorListWeek(START, at("2027-03-07T23:00:00Z"), "Asia/Tokyo", SITE)).toBeNull();
    expect(mentorListWeek(START, at("2027-03-08T05:00:00Z"), "Asia/Tokyo", SITE)).toBe(1);
  });
});

describe("an unconfirmed offer's reminders", () => {
  it("is the first report until 3 days have passed, then the second", () => {
    const reported = "2027-03-10T10:00:00.000Z";
    expect(offerNudgeDue(reported, at("2027-03-10T10:00:00Z"))).toBe("reported");
    expect(offerNudgeDue(reported, at("2027-03-13T09:59:59Z"))).toBe("reported");
    expect(offerNudgeDue(reported, at("2027-03-13T10:00:00Z"))).toBe("still");
  });
});
