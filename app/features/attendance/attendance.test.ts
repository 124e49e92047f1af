import { describe, expect, it } from "vitest";
import {
  ATTENDANCE_CSV_HEADER,
  attendanceCounts,
  attendanceCsvRow,
  attendanceGrid,
  attendanceFormSchema,
  mayMark,
  recordingFormSchema,
  sessionMarkSchema,
  weekEnd,
  type GridBooking,
  type GridSession,
} from "./attendance";

const NY = "America/New_York";
/** Week 1: Monday 2027-01-11 to Sunday 2027-01-17 in New York; sessions Tuesday 19:00 EST. */
const START = "2027-01-13";
const sessions: GridSession[] = [1, 2, 3, 4, 5, 6].map((week) => ({
  id: `s${week}`,
  week,
  startsAt: new Date(Date.UTC(2027, 0, 13 + 7 * (week - 1), 0)).toISOString(),
  minutes: 60,
  cancelled: false,
}));
const ann = { personId: "p1", name: "Ann Lee", email: "ann@example.com", mentor: "Mia" };
const bob = { personId: "p2", name: "Bob Ray", email: "bob@example.com", mentor: null };
const booking = (week: number, extra: Partial<GridBooking> = {}): GridBooking => ({
  personId: "p1",
  week,
  kind: "one_on_one",
  status: "booked",
  outcome: null,
  ...extra,
});

function grid(now: string, extra: Partial<Parameters<typeof attendanceGrid>[0]> = {}) {
  return attendanceGrid({
    students: [ann, bob],
    sessions,
    marks: [],
    bookings: [],
    startDate: START,
    siteZone: NY,
    now: new Date(now),
    ...extra,
  });
}

describe("attendanceGrid", () => {
  it("shows each student by weeks 1-6, nothing missing before anything happened", () => {
    const rows = grid("2027-01-10T12:00:00Z");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.cells.map((c) => c.week)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows[0]!.cells.every((c) => c.group === "unmarked" && c.oneOnOne === "none")).toBe(true);
    expect(rows.flatMap((r) => r.cells).some((c) => c.groupMissing || c.oneOnOneMissing)).toBe(
      false,
    );
  });

  it("marks a group cell missing once its session has ended unless attended or excused", () => {
    const marks = [
      { sessionId: "s1", personId: "p1", status: "absent" as const },
      { sessionId: "s1", personId: "p2", status: "excused" as const },
    ];
    // Session 1 runs 2027-01-13 00:00-01:00 UTC: during it nothing is missing yet.
    expect(grid("2027-01-13T00:30:00Z", { marks })[0]!.cells[0]!.groupMissing).toBe(false);
    const rows = grid("2027-01-13T01:00:00Z", { marks });
    expect(rows[0]!.cells[0]).toMatchObject({ group: "absent", groupMissing: true });
    expect(rows[1]!.cells[0]).toMatchObject({ group: "excused", groupMissing: false });
    const attended = grid("2027-01-13T02:00:00Z", {
      marks: [{ sessionId: "s1", personId: "p1", status: "attended" }],
    });
    expect(attended[0]!.cells[0]).toMatchObject({ group: "attended", groupMissing: false });
    expect(attended[1]!.cells[0]).toMatchObject({ group: "unmarked", groupMissing: true });
  });

  it("never counts a cancelled session as missing", () => {
    const cancelled = sessions.map((s) => (s.week === 1 ? { ...s, cancelled: true } : s));
    const rows = grid("2027-01-20T12:00:00Z", {
      sessions: cancelled,
      marks: [{ sessionId: "s1", personId: "p1", status: "attended" }],
    });
    expect(rows[0]!.cells[0]).toMatchObject({ group: "no_session", groupMissing: false });
    expect(rows[0]!.groupAttended).toBe(0);
  });

  it("marks a 1-on-1 cell missing once the week ended (Monday midnight, site zone) without a held one", () => {
    const bookings = [booking(1, { outcome: "held" }), booking(2, { outcome: "student_no_show" })];
    // Week 1 ends Monday 2027-01-18 00:00 EST = 05:00 UTC.
    const before = grid("2027-01-18T04:59:00Z", { bookings });
    expect(before[1]!.cells[0]).toMatchObject({ oneOnOne: "none", oneOnOneMissing: false });
    const after = grid("2027-01-18T05:00:00Z", { bookings });
    expect(after[0]!.cells[0]).toMatchObject({ oneOnOne: "held", oneOnOneMissing: false });
    expect(after[1]!.cells[0]).toMatchObject({ oneOnOne: "none", oneOnOneMissing: true });
    const late = grid("2027-01-26T00:00:00Z", { bookings });
    expect(late[0]!.cells[1]).toMatchObject({ oneOnOne: "student_no_show", oneOnOneMissing: true });
  });

  it("reads a cancelled booking as none and a booked one without outcome as booked", () => {
    const rows = grid("2027-01-14T12:00:00Z", {
      bookings: [booking(1, { status: "cancelled", outcome: "held" }), booking(2)],
    });
    expect(rows[0]!.cells[0]!.oneOnOne).toBe("none");
    expect(rows[0]!.cells[1]!.oneOnOne).toBe("booked");
    expect(rows[0]!.oneOnOnesHeld).toBe(0);
  });

  it("has nothing missing for weeks while the cohort has no start date", () => {
    const rows = grid("2030-01-01T00:00:00Z", { startDate: null, sessions: [] });
    expect(rows[0]!.cells.every((c) => !c.groupMissing && !c.oneOnOneMissing)).toBe(true);
  });
});

describe("attendanceCounts", () => {
  it("counts attended (not excused) sessions and held weekly 1-on-1s, not the deep-dive", () => {
    const counts = attendanceCounts(
      [{ status: "attended" }, { status: "excused" }, { status: "absent" }, { status: "attended" }],
      [
        booking(1, { outcome: "held" }),
        booking(2, { outcome: "mentor_no_show" }),
        booking(0, { kind: "deep_dive", outcome: "held" }),
        booking(3, { outcome: "held", status: "cancelled" }),
      ],
    );
    expect(counts).toEqual({ groupAttended: 2, groupExcused: 1, oneOnOnesHeld: 1 });
  });

  it("appear on each grid row", () => {
    const rows = grid("2027-02-28T00:00:00Z", {
      marks: [
        { sessionId: "s1", personId: "p1", status: "attended" },
        { sessionId: "s2", personId: "p1", status: "excused" },
      ],
      bookings: [booking(1, { outcome: "held" })],
    });
    expect(rows[0]).toMatchObject({ groupAttended: 1, groupExcused: 1, oneOnOnesHeld: 1 });
  });
});

describe("the CSV", () => {
  it("has a header of who, each week's two cells and the counts", () => {
    expect(ATTENDANCE_CSV_HEADER.slice(0, 5)).toEqual([
      "student",
      "email",
      "mentor",
      "week_1_group",
      "week_1_one_on_one",
    ]);
    expect(ATTENDANCE_CSV_HEADER.slice(-2)).toEqual(["group_attended", "one_on_ones_held"]);
    expect(ATTENDANCE_CSV_HEADER).toHaveLength(3 + 12 + 2);
  });

  it("writes the marks, flags missing cells, and the counts", () => {
    const rows = grid("2027-01-19T00:00:00Z", {
      marks: [{ sessionId: "s1", personId: "p1", status: "attended" }],
      bookings: [booking(1, { outcome: "held" })],
    });
    const ann = attendanceCsvRow(rows[0]!);
    expect(ann.slice(0, 5)).toEqual(["Ann Lee", "ann@example.com", "Mia", "attended", "held"]);
    expect(ann.slice(-2)).toEqual(["1", "1"]);
    const bob = attendanceCsvRow(rows[1]!);
    expect(bob.slice(2, 5)).toEqual(["", "unmarked (missing)", "none (missing)"]);
    expect(bob).toHaveLength(ATTENDANCE_CSV_HEADER.length);
  });
});

describe("rules and forms", () => {
  it("lets a session be marked only once it has started", () => {
    expect(mayMark("2027-01-13T00:00:00.000Z", new Date("2027-01-12T23:59:59Z"))).toBe(false);
    expect(mayMark("2027-01-13T00:00:00.000Z", new Date("2027-01-13T00:00:00Z"))).toBe(true);
  });

  it("ends week 6 on the Monday after it, midnight in the site's zone", () => {
    expect(weekEnd(START, 6, NY)?.toISOString()).toBe("2027-02-22T05:00:00.000Z");
    expect(weekEnd(null, 1, NY)).toBeNull();
  });

  it("refuses an unknown status and a form with nothing chosen", () => {
    const bad = attendanceFormSchema.safeParse({
      intent: "attendance",
      marks: [{ student: "p1", status: "late" }],
    });
    expect(bad.success).toBe(false);
    const empty = attendanceFormSchema.safeParse({
      intent: "attendance",
      marks: [{ student: "p1" }],
    });
    expect(empty.success).toBe(false);
    const ok = attendanceFormSchema.safeParse({
      intent: "attendance",
      marks: [{ student: "p1", status: "excused" }, { student: "p2" }],
    });
    expect(ok.success).toBe(true);
  });

  it("takes only an https recording link of bounded length", () => {
    const parse = (url: string) => recordingFormSchema.safeParse({ intent: "recording", url });
    expect(parse("https://video.example.com/rec/1").success).toBe(true);
    expect(parse("http://video.example.com/rec/1").success).toBe(false);
    expect(parse("javascript:alert(1)").success).toBe(false);
    expect(parse(`https://example.com/${"a".repeat(500)}`).success).toBe(false);
  });

  it("takes only the three outcomes", () => {
    const parse = (outcome: string) =>
      sessionMarkSchema.safeParse({ intent: "outcome", bookingId: "b1", outcome });
    expect(parse("held").success).toBe(true);
    expect(parse("mentor_no_show").success).toBe(true);
    expect(parse("booked").success).toBe(false);
  });
});
