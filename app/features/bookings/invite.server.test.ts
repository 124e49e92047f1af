import { ICalCalendarMethod } from "ical-generator";
import { describe, expect, it } from "vitest";
import { calendarLines } from "../../../tests/support/calendar";
import { bookingInvite, type InviteBooking } from "./invite.server";

const booking: InviteBooking = {
  id: "b1",
  kind: "one_on_one",
  week: 2,
  starts_at: "2027-01-19T15:00:00.000Z",
  ends_at: "2027-01-19T15:30:00.000Z",
  sequence: 3,
  place: "https://meet.example.com/ann-room",
};
const people = {
  student: { name: "Ada Student", email: "ada@example.com" },
  mentor: { name: "Ann Mentor", email: "ann@example.com" },
};
const now = new Date("2027-01-08T12:00:00Z");

function invite(
  place: string | null,
  method: ICalCalendarMethod.REQUEST | ICalCalendarMethod.CANCEL = ICalCalendarMethod.REQUEST,
) {
  const lines = calendarLines(
    bookingInvite({ ...booking, place }, people, "hello@example.com", now, method),
  );
  return (name: string) => lines.find((line) => line.name === name)?.value;
}

describe("a booking's invite", () => {
  it("a video link is the LOCATION and the URL", () => {
    const value = invite("https://meet.example.com/ann-room");
    expect(value("LOCATION")).toBe("https://meet.example.com/ann-room");
    expect(value("URL")).toBe("https://meet.example.com/ann-room");
    expect(value("SEQUENCE")).toBe("3");
  });

  it("a phone number or an address is the LOCATION (escaped), with no URL", () => {
    const value = invite("Room 4, 10 Main St; ask at desk");
    expect(value("LOCATION")).toBe("Room 4\\, 10 Main St\\; ask at desk");
    expect(value("URL")).toBeUndefined();
    expect(invite("+1 212 555 0100", ICalCalendarMethod.CANCEL)("LOCATION")).toBe(
      "+1 212 555 0100",
    );
  });

  it("a booking made before its mentor set a place has neither", () => {
    const value = invite(null);
    expect(value("LOCATION")).toBeUndefined();
    expect(value("URL")).toBeUndefined();
  });
});
