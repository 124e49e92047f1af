import { describe, expect, it } from "vitest";
import {
  mayOpen,
  mentorMaySee,
  pickMentor,
  portalSessionExpiry,
  PORTAL_SESSION_IDLE_MS,
  PORTAL_SESSION_TTL_MS,
} from "./portal";

describe("portalSessionExpiry", () => {
  const start = new Date("2026-12-01T12:00:00Z");
  it("is the idle limit from the last use", () => {
    const now = new Date(start.getTime() + 3_600_000);
    expect(portalSessionExpiry(start, now).getTime()).toBe(now.getTime() + PORTAL_SESSION_IDLE_MS);
  });
  it("never passes the absolute cap", () => {
    const now = new Date(start.getTime() + PORTAL_SESSION_TTL_MS - 60_000);
    expect(portalSessionExpiry(start, now).getTime()).toBe(start.getTime() + PORTAL_SESSION_TTL_MS);
  });
});

describe("mayOpen", () => {
  it("lets students and mentors open only their own pages", () => {
    expect(mayOpen("student", "profile")).toBe(true);
    expect(mayOpen("mentor", "profile")).toBe(false);
    expect(mayOpen("student", "mentor")).toBe(false);
    expect(mayOpen("mentor", "mentorStudent")).toBe(true);
    expect(mayOpen("visitor", "home")).toBe(false);
    expect(mayOpen("owner", "mentor")).toBe(false);
  });
});

describe("mentorMaySee", () => {
  it("is true only for the mentor the student is assigned to", () => {
    expect(mentorMaySee("m1", { mentorId: "m1" })).toBe(true);
    expect(mentorMaySee("m1", { mentorId: "m2" })).toBe(false);
    expect(mentorMaySee("m1", { mentorId: null })).toBe(false);
  });
});

describe("pickMentor", () => {
  const mentor = (id: string, name: string, capacity: number, students: number) => ({
    id,
    name,
    capacity,
    students,
  });
  it("picks the mentor with the most free places", () => {
    expect(pickMentor([mentor("a", "Ana", 5, 3), mentor("b", "Ben", 5, 1)])?.id).toBe("b");
  });
  it("breaks ties by fewest students, then name", () => {
    expect(pickMentor([mentor("a", "Ana", 6, 2), mentor("b", "Ben", 5, 1)])?.id).toBe("b");
    expect(pickMentor([mentor("b", "Ben", 5, 1), mentor("a", "Ana", 5, 1)])?.id).toBe("a");
  });
  it("returns null when every mentor is full or there is none", () => {
    expect(pickMentor([mentor("a", "Ana", 5, 5)])).toBeNull();
    expect(pickMentor([])).toBeNull();
  });
});
