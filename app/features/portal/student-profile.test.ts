import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  linkedInUrl,
  PROFILE_TRACKS,
  preworkSchema,
  studentProfileSchema,
} from "./student-profile";

const YEAR = 2026;

function parse(fields: Record<string, string | string[] | File>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  return parseWithZod(form, { schema: studentProfileSchema(YEAR) });
}

const valid = {
  timeZone: "America/Chicago",
  targetRoles: ["Banking", "Consulting"],
  targetFirms: "Goldman Sachs, Baird",
  linkedinUrl: "https://www.linkedin.com/in/ada-lovelace",
  graduationYear: "2027",
};

const errorsOf = (fields: Record<string, string | string[] | File>) => {
  const submission = parse(fields);
  return submission.status === "error" ? submission.error : null;
};

describe("studentProfileSchema", () => {
  it("takes a whole profile", () => {
    const submission = parse(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      timeZone: "America/Chicago",
      targetRoles: ["Banking", "Consulting"],
      targetFirms: "Goldman Sachs, Baird",
      linkedinUrl: "https://www.linkedin.com/in/ada-lovelace",
      graduationYear: "2027",
      notJobSeeking: false,
      noReminders: false,
      resume: undefined,
    });
    const notSeeking = parse({ ...valid, notJobSeeking: "on" });
    expect(notSeeking.status === "success" && notSeeking.value.notJobSeeking).toBe(true);
    const noReminders = parse({ ...valid, noReminders: "on" });
    expect(noReminders.status === "success" && noReminders.value.noReminders).toBe(true);
  });

  it("saves a partial profile: roles, firms, LinkedIn and resume may wait", () => {
    const submission = parse({ timeZone: "Europe/London", graduationYear: "2026" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ targetRoles: [], targetFirms: "" });
    expect(submission.value.linkedinUrl).toBeUndefined();
  });

  it("refuses a time zone that is not a real IANA zone", () => {
    for (const timeZone of ["EST", "+01:00", "Mars/Olympus_Mons", "America/Nowhere", ""]) {
      expect(errorsOf({ ...valid, timeZone })?.timeZone, timeZone).toEqual([
        "Please choose your time zone from the list",
      ]);
    }
  });

  it("takes a country's LinkedIn address as it is", () => {
    expect(linkedInUrl("https://uk.linkedin.com/in/ada-lovelace")).toBe(
      "https://uk.linkedin.com/in/ada-lovelace",
    );
    expect(linkedInUrl("https://evil.linkedin.com/in/ada-lovelace")).toBeNull();
  });

  it("refuses a LinkedIn address that is not a profile on linkedin.com over https", () => {
    for (const linkedinUrl of [
      "http://www.linkedin.com/in/ada",
      "https://www.linkedin.com/company/acme",
      "https://linkedin.com.evil.example/in/ada",
      "https://evil.example/?u=https://www.linkedin.com/in/ada",
      "https://www.linkedin.com@evil.example/in/ada",
      "javascript:alert(1)",
      "https://www.linkedin.com/in/",
      `https://www.linkedin.com/in/${"a".repeat(200)}`,
      "ada lovelace",
    ]) {
      expect(errorsOf({ ...valid, linkedinUrl })?.linkedinUrl, linkedinUrl).toHaveLength(1);
    }
  });

  it("refuses a graduation year that is not four digits in range", () => {
    for (const graduationYear of ["27", "20277", "year", "2019", "2033", ""]) {
      expect(errorsOf({ ...valid, graduationYear })?.graduationYear, graduationYear).toEqual([
        "Please enter your graduation year, from 2020 to 2032",
      ]);
    }
    expect(errorsOf({ ...valid, graduationYear: "2020" })).toBeNull();
  });

  it("refuses a role that is not one of the finance tracks, and firms past the limit", () => {
    const refused = { targetRoles: ["Please choose from the tracks listed"] };
    expect(errorsOf({ ...valid, targetRoles: ["Banking", "Astronaut"] })).toEqual(refused);
    expect(errorsOf({ ...valid, targetRoles: "Other" })).toEqual(refused);
    expect(errorsOf({ ...valid, targetFirms: "x".repeat(501) })?.targetFirms).toEqual([
      "Please keep this under 500 characters",
    ]);
  });

  it("judges a new resume by name and size, and takes none", () => {
    const docx = new File([new Uint8Array(10)], "cv.docx");
    const pdf = new File([new Uint8Array(10)], "cv.pdf");
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "cv.docx");
    const submission = parse({ ...valid, resume: docx });
    expect(submission.status === "success" && submission.value.resume).toBe(docx);
    expect(errorsOf({ ...valid, resume: pdf })?.resume).toEqual(["Please upload a .docx file"]);
    expect(errorsOf({ ...valid, resume: big })?.resume).toHaveLength(1);
    const empty = parse({ ...valid, resume: new File([], "") });
    expect(empty.status === "success" && empty.value.resume).toBeUndefined();
  });
});

describe("linkedInUrl", () => {
  it("stores the profile's address, without LinkedIn's tracking query", () => {
    expect(linkedInUrl("linkedin.com/in/ada-lovelace")).toBe(
      "https://linkedin.com/in/ada-lovelace",
    );
    expect(linkedInUrl(" https://WWW.LinkedIn.com/in/ada_l-1/?originalSubdomain=uk ")).toBe(
      "https://www.linkedin.com/in/ada_l-1",
    );
  });
});

describe("profile tracks", () => {
  it("offers the application's finance tracks", () => {
    expect(PROFILE_TRACKS).toEqual([
      "Wealth Management",
      "Banking",
      "Capital Markets",
      "Consulting",
    ]);
  });
});

describe("preworkSchema", () => {
  it("takes only the mark-read intent", () => {
    expect(preworkSchema.safeParse({ intent: "mark_read" }).success).toBe(true);
    expect(preworkSchema.safeParse({ intent: "unread" }).success).toBe(false);
  });
});
