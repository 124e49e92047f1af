import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  availabilitySchema,
  bookingSchema,
  clockOf,
  END_TIMES,
  mentorCancelSchema,
  minuteOf,
  overlapsRow,
  START_TIMES,
} from "./availability-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};
const parse = (fields: Record<string, string>) =>
  parseWithZod(form(fields), { schema: availabilitySchema });

describe("availability times", () => {
  it("are 15-minute steps from 00:00 to 24:00", () => {
    expect(minuteOf("09:30")).toBe(570);
    expect(minuteOf("24:00")).toBe(1440);
    expect(minuteOf("09:10")).toBeNull();
    expect(minuteOf("24:15")).toBeNull();
    expect(minuteOf("9:30")).toBeNull();
    expect(clockOf(570)).toBe("09:30");
    expect([START_TIMES[0], START_TIMES.at(-1), END_TIMES[0], END_TIMES.at(-1)]).toEqual([
      "00:00",
      "23:45",
      "00:15",
      "24:00",
    ]);
  });

  it("a row ends after it starts, on a day 1-7", () => {
    expect(parse({ intent: "add_hours", weekday: "7", from: "09:00", to: "09:15" }).status).toBe(
      "success",
    );
    expect(parse({ intent: "add_hours", weekday: "2", from: "10:00", to: "10:00" }).status).toBe(
      "error",
    );
    expect(parse({ intent: "add_hours", weekday: "8", from: "09:00", to: "10:00" }).status).toBe(
      "error",
    );
    expect(parse({ intent: "zone", timeZone: "Mars/Olympus" }).status).toBe("error");
    expect(parse({ intent: "add_off", date: "2027-02-30" }).status).toBe("error");
  });

  it("rows of one day must not overlap; touching is fine", () => {
    const rows = [{ weekday: 2, startMinute: 540, endMinute: 600 }];
    expect(overlapsRow({ weekday: 2, startMinute: 585, endMinute: 660 }, rows)).toBe(true);
    expect(overlapsRow({ weekday: 2, startMinute: 600, endMinute: 660 }, rows)).toBe(false);
    expect(overlapsRow({ weekday: 3, startMinute: 540, endMinute: 600 }, rows)).toBe(false);
  });
});

describe("booking forms", () => {
  it("a slot is a UTC start on the minute; a mentor's cancel needs a reason", () => {
    const book = (slot: string) =>
      parseWithZod(form({ intent: "book", week: "1", slot }), { schema: bookingSchema }).status;
    expect(book("2027-01-12T15:00:00.000Z")).toBe("success");
    expect(book("2027-01-12T15:00:00+01:00")).toBe("error");
    const cancel = (reason: string) =>
      parseWithZod(form({ intent: "cancel_booking", bookingId: "b", reason }), {
        schema: mentorCancelSchema,
      }).status;
    expect(cancel("Ill")).toBe("success");
    expect(cancel(" ")).toBe("error");
    expect(cancel("x".repeat(301))).toBe("error");
  });
});
