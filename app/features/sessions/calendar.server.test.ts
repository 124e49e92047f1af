import { ICalCalendarMethod } from "ical-generator";
import { describe, expect, it } from "vitest";
import { calendarLines } from "../../../tests/support/calendar";
import { calendarText, groupSessionEvent, type GroupSessionRow } from "./calendar.server";

const row: GroupSessionRow = {
  id: "s2",
  week: 2,
  topic: "Resume",
  starts_at: "2027-03-10T00:00:00.000Z",
  minutes: 60,
  status: "scheduled",
  sequence: 0,
  updated_at: "2027-02-01T12:00:00.000Z",
  live_url: "https://meet.example.com/cohort",
};
const now = new Date("2027-02-01T12:00:00Z");

function eventOf(text: string) {
  const lines = calendarLines(text);
  const value = (name: string) => lines.find((line) => line.name === name)?.value;
  return { lines, value };
}

describe("the calendar's text", () => {
  it("names the event by a UID that stays, times in UTC, the live link as LOCATION and URL", () => {
    const { value, lines } = eventOf(
      calendarText([groupSessionEvent(row, "example.com")], { now }),
    );
    expect(value("UID")).toBe("session-s2@example.com");
    expect(value("SEQUENCE")).toBe("0");
    expect(value("DTSTART")).toBe("20270310T000000Z");
    expect(value("DTEND")).toBe("20270310T010000Z");
    expect(value("LOCATION")).toBe("https://meet.example.com/cohort");
    expect(value("URL")).toBe("https://meet.example.com/cohort");
    expect(value("STATUS")).toBe("CONFIRMED");
    expect(value("SUMMARY")).toBe("Group session\\, week 2: Resume");
    expect(value("METHOD")).toBeUndefined(); // a feed: no METHOD (PUBLISH)
    expect(lines.some((line) => line.name === "DTSTART" && line.params.includes("TZID"))).toBe(
      false,
    );
  });

  it("a move keeps the UID with a higher SEQUENCE; a cancel keeps the event as CANCELLED", () => {
    const moved = { ...row, starts_at: "2027-03-11T23:30:00.000Z", sequence: 1 };
    const cancelled = { ...moved, status: "cancelled", sequence: 2 };
    const first = eventOf(calendarText([groupSessionEvent(row, "example.com")], { now }));
    const second = eventOf(
      calendarText([groupSessionEvent(moved, "example.com")], {
        now,
        method: ICalCalendarMethod.REQUEST,
        organizer: "hello@example.com",
        attendee: { email: "ada@example.com", name: 'Ada; "Lovelace"' },
      }),
    );
    const third = eventOf(
      calendarText([groupSessionEvent(cancelled, "example.com")], {
        now,
        method: ICalCalendarMethod.CANCEL,
      }),
    );
    expect(second.value("UID")).toBe(first.value("UID"));
    expect(third.value("UID")).toBe(first.value("UID"));
    expect(second.value("DTSTART")).toBe("20270311T233000Z");
    expect([first, second, third].map((e) => Number(e.value("SEQUENCE")))).toEqual([0, 1, 2]);
    expect(second.value("METHOD")).toBe("REQUEST");
    expect(third.value("METHOD")).toBe("CANCEL");
    expect(third.value("STATUS")).toBe("CANCELLED");
    // The attendee's name stays one parameter value.
    expect(second.lines.find((line) => line.name === "ATTENDEE")?.value).toBe(
      "MAILTO:ada@example.com",
    );
  });

  it("a cohort without a live link has no LOCATION", () => {
    const { value } = eventOf(
      calendarText([groupSessionEvent({ ...row, live_url: null }, "example.com")], { now }),
    );
    expect(value("LOCATION")).toBeUndefined();
    expect(value("URL")).toBeUndefined();
  });

  it("a place that is text (a phone, an address) is the LOCATION alone, never a URL", () => {
    const event = { ...groupSessionEvent(row, "example.com"), location: "+1 212 555 0100" };
    const { value } = eventOf(calendarText([event], { now }));
    expect(value("LOCATION")).toBe("+1 212 555 0100");
    expect(value("URL")).toBeUndefined();
  });
});
