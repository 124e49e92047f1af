import { describe, expect, it } from "vitest";
import { availabilitySchema } from "./availability-form";
import { MAX_MEETING_PLACE, meetingLink, parseMeetingPlace } from "./meeting-place";
import { parseWithZod } from "@conform-to/zod/v4";
import { meetingPlaceText } from "./bookings.words";

const parse = (place: string) => {
  const data = new FormData();
  data.set("intent", "place");
  data.set("place", place);
  return parseWithZod(data, { schema: availabilitySchema });
};
const form = (place: string) => {
  const submission = parse(place);
  return { error: submission.status === "error" ? submission.error : undefined };
};

describe("a mentor's meeting place", () => {
  it("takes an https link, and keeps it as the link", () => {
    const place = "https://meet.example.com/abc-defg-hij?pwd=1";
    expect(parseMeetingPlace(`  ${place} `)).toEqual({ ok: true, place });
    expect(meetingLink(place)).toBe(place);
  });

  it("takes a phone number or an address as text, with no link", () => {
    for (const place of [
      "+1 (212) 555-0100",
      "Room 4, 10 Downing St, London",
      "Zoom: 123 456 789",
    ]) {
      expect(parseMeetingPlace(place)).toEqual({ ok: true, place });
      expect(meetingLink(place)).toBeNull();
    }
  });

  it("refuses what looks like a link but is no valid https link", () => {
    for (const place of [
      "http://meet.example.com/x",
      "https://",
      "https://localhost/room",
      "https://user:pw@meet.example.com/x",
      "javascript://alert(1)",
      "ftp://files.example.com",
      "www.example.com/room",
      "HTTP://MEET.EXAMPLE.COM",
    ])
      expect(parseMeetingPlace(place), place).toEqual({ ok: false, error: "url" });
    expect(meetingLink("http://meet.example.com/x")).toBeNull();
    expect(meetingLink(null)).toBeNull();
  });

  it("refuses nothing, too much, and control characters (a line break too)", () => {
    expect(parseMeetingPlace("   ")).toEqual({ ok: false, error: "required" });
    expect(parseMeetingPlace("a".repeat(MAX_MEETING_PLACE)).ok).toBe(true);
    expect(parseMeetingPlace("a".repeat(MAX_MEETING_PLACE + 1))).toEqual({
      ok: false,
      error: "tooLong",
    });
    for (const place of ["Room 4\nFloor 2", "tab\there", "bell\u0007", "nel\u0085", "l\u2028s"])
      expect(parseMeetingPlace(place), JSON.stringify(place)).toEqual({
        ok: false,
        error: "control",
      });
  });

  it("the form answers each refusal in the page's words, and a good value trimmed", () => {
    const e = meetingPlaceText.errors;
    expect(form("").error?.place).toEqual([e.required]);
    expect(form("http://x.example.com").error?.place).toEqual([e.url]);
    expect(form("a\nb").error?.place).toEqual([e.control]);
    expect(form("a".repeat(301)).error?.place).toEqual([e.tooLong]);
    expect(form("a".repeat(5000)).error?.place).toEqual([e.tooLong]);
    const ok = parse(" +1 212 555 0100 ");
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({
      intent: "place",
      place: "+1 212 555 0100",
    });
  });
});
