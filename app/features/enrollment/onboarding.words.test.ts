import { describe, expect, it } from "vitest";
import { NEXT_COHORT_TEXT } from "~/features/cohort/cohort";
import { cohortEmails } from "~/features/cohort/cohorts.words";
import { enrollmentEmails, onboardingPrework } from "./enroll.words";

const portal = {
  email: "ada@example.com",
  portalUrl: "https://example.com/portal",
};

describe("the onboarding email", () => {
  const onboarding = (startDisplay: string, mentorName: string | null) =>
    enrollmentEmails
      .onboarding({
        firstName: "Ada",
        startDisplay,
        mentorName,
        ...portal,
        preworkUrl: "https://example.com/portal/prework",
      })
      .paragraphs.join("\n");

  it("names the start week, the mentor, the portal's address and the pre-work", () => {
    const text = onboarding("January 11", "Dana Reyes");
    expect(text).toContain("your cohort starts the week of January 11.");
    expect(text).toContain("Your mentor: Dana Reyes.");
    expect(text).toContain(
      "Your cohort portal: https://example.com/portal\nSign in with this email address (ada@example.com)",
    );
    for (const item of onboardingPrework) expect(text).toContain(`- ${item}`);
    expect(text).toContain("The full pre-work: https://example.com/portal/prework");
    // No promise of what does not exist yet.
    expect(text).not.toMatch(/calendar invite/i);
  });

  it("says what happens next when there is no date or no mentor yet", () => {
    const text = onboarding(NEXT_COHORT_TEXT, null);
    expect(text).toContain("start date is being set. We'll email you the week as soon as it is.");
    expect(text).toContain("Your mentor will be introduced soon");
    expect(text).not.toContain(NEXT_COHORT_TEXT);
  });
});

describe("the start date email", () => {
  const email = (startDisplay: string, previousDisplay: string) =>
    cohortEmails.startDate({ firstName: "Ada", startDisplay, previousDisplay, ...portal });

  it("announces a first date, a move and a date cleared in their own words", () => {
    const set = email("January 11", NEXT_COHORT_TEXT);
    expect(set.subject).toBe("Your cohort starts the week of January 11");
    expect(set.paragraphs[0]).toBe(
      "Your cohort's start date is set: we start the week of January 11.",
    );
    const moved = email("January 18", "January 11");
    expect(moved.subject).toBe("Your cohort starts the week of January 18");
    expect(moved.paragraphs[0]).toContain(
      "we now start the week of January 18, not the week of January 11.",
    );
    const cleared = email(NEXT_COHORT_TEXT, "January 18");
    expect(cleared.subject).toBe("Your cohort's start date is to be confirmed");
    expect(cleared.paragraphs[0]).toContain("no longer starts the week of January 18");
    for (const message of [set, moved, cleared]) {
      expect(message.paragraphs.join("\n")).toContain("ada@example.com");
      expect(message.action?.url).toBe("https://example.com/portal");
      expect(JSON.stringify(message)).not.toContain(NEXT_COHORT_TEXT);
    }
  });
});
