import { describe, expect, it } from "vitest";
import { jobName, jobResultWords, jobsText } from "./jobs.words";

describe("the jobs page's words", () => {
  it("names every job in words, with what it does", () => {
    for (const name of Object.keys(jobsText.purpose)) {
      expect(jobName(name), name).not.toBe(name);
      expect(jobName(name)).not.toMatch(/_|^[a-z]+(-[a-z]+)+$/);
    }
    expect(jobName("seat-offers")).toBe("Seat offers");
  });

  it("counts a run's result in words, leaving out the zeros", () => {
    expect(jobResultWords("mail", '{"sent":2,"retried":0,"failed":1,"suppressed":0}')).toBe(
      "2 sent, 1 failed",
    );
    expect(jobResultWords("seat-offers", '{"offered":1,"ended":0}')).toBe("1 seat offered");
    expect(jobResultWords("retention", '{"resumesDeleted":3,"submissionsCleared":0}')).toBe(
      "3 old resumes deleted",
    );
    expect(jobResultWords("checkout-reminders", "2")).toBe("2 reminders queued");
    expect(jobResultWords("broadcasts", "1")).toBe("1 email queued");
  });

  it('says "Nothing to do" for a run that changed nothing, and nothing before a first run', () => {
    expect(jobResultWords("mail", '{"sent":0,"retried":0,"failed":0,"suppressed":0}')).toBe(
      "Nothing to do",
    );
    expect(jobResultWords("broadcasts", "0")).toBe("Nothing to do");
    expect(jobResultWords("mail", null)).toBe("");
  });

  it("never shows a summary as JSON", () => {
    const backup = '{"file":"/b/x.db","bytes":2097152,"sha256":"ab","ms":10,"removed":["a","b"]}';
    expect(jobResultWords("backup", backup)).toBe("2.0 MB written, 2 old backups removed");
    expect(jobResultWords("backup", '{"file":"x"}')).toBe("Nothing to do");
  });
});
