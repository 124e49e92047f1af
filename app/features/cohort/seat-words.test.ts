import { describe, expect, it } from "vitest";
import { mentorsFor } from "./cohort";
import { cohortSettingsPage } from "./cohort-settings.words";
import { cohortConsole, cohortEmails } from "./cohorts.words";
import { cohortLine } from "~/features/site/home.words";
import { enrollPage } from "~/features/enrollment/enroll.words";
import { applicationEmails } from "~/features/applications/application-emails.words";

describe("seat words agree with the numbers", () => {
  it("derive the mentors from the capacity, five students each", () => {
    expect([1, 3, 5, 6, 10, 11].map(mentorsFor)).toEqual([1, 1, 1, 2, 2, 3]);
    expect(enrollPage.intro(3, mentorsFor(3))).toBe(
      "Each cohort is capped at 3 students with one mentor, so every student gets real attention.",
    );
    expect(enrollPage.intro(10, mentorsFor(10))).toBe(
      "Each cohort is capped at 10 students, with 2 mentors taking up to five students each, so every student gets real attention.",
    );
  });

  it("never show a negative number of spots", () => {
    expect(cohortSettingsPage.spotsValue(2)).toBe("2");
    expect(cohortSettingsPage.spotsValue(0)).toBe("0");
    expect(cohortSettingsPage.spotsValue(-1)).toBe("1 over capacity");
    const seats = { capacity: 3, paid: 1, emptied: 0, held: 0, offered: 0, free: 2, over: 0 };
    expect(cohortConsole.summary({ ...seats, capacity: 1, paid: 2, free: 0, over: 1 })).toBe(
      "2 of 1 seats paid: 1 over its capacity of 1.",
    );
    expect(cohortConsole.summary(seats)).toBe("1 of 3 seats paid, 2 free.");
    expect(
      cohortConsole.summary({ ...seats, capacity: 10, emptied: 2, offered: 1, held: 1, free: 5 }),
    ).toBe(
      "1 of 10 seats paid, 1 freed and offered, 2 left empty after a refund once the cohort started, 1 held in checkout, 5 free.",
    );
  });
});

describe("the home page's cohort line", () => {
  it("names the start week and the seats left, in the right number", () => {
    expect(cohortLine({ kind: "open", start: "January 11", seatsLeft: 3, capacity: 10 })).toBe(
      "Enrollment is open: the next cohort starts the week of January 11, and 3 of its 10 seats are left.",
    );
    expect(cohortLine({ kind: "open", start: null, seatsLeft: 1, capacity: 10 })).toBe(
      "Enrollment is open for our next cohort: 1 of its 10 seats is left.",
    );
    expect(cohortLine({ kind: "open", start: null, seatsLeft: 1, capacity: 1 })).toBe(
      "Enrollment is open for our next cohort: 1 of its 1 seat is left.",
    );
  });

  it("says when the cohort is full or enrollment closed, and claims nothing it cannot read", () => {
    expect(cohortLine({ kind: "full", start: "January 11" })).toMatch(
      /^The cohort starting the week of January 11 is full\. You can still apply/,
    );
    expect(cohortLine({ kind: "closed" })).toMatch(/^Enrollment is closed for now\./);
    expect(cohortLine(null)).not.toMatch(/\d|open|full|closed/);
  });

  it("never names the fee", () => {
    for (const line of [
      cohortLine({ kind: "open", start: null, seatsLeft: 2, capacity: 10 }),
      cohortLine({ kind: "full", start: null }),
      cohortLine({ kind: "closed" }),
      cohortLine(null),
    ])
      expect(line).not.toMatch(/\$|fee|price/i);
  });

  it("put the cohort's own capacity in the qualified and enrollment-open emails", () => {
    const qualified = applicationEmails.qualified("Ada", "https://x/enroll", 3);
    expect(qualified.paragraphs.join(" ")).toContain("only 3 seats, 5 per mentor");
    expect(qualified.preheader).toContain("limited to 3 per cohort");
    expect(applicationEmails.qualified("Ada", "https://x/enroll", null).preheader).toContain("10");
    const open = cohortEmails.enrollmentOpen({
      firstName: "Ada",
      startDisplay: "January 11",
      capacity: 12,
      applyUrl: "https://x/apply",
    });
    expect(open.paragraphs.join(" ")).toContain("Seats are limited to 12 students.");
  });
});
