import { describe, expect, it } from "vitest";
import { checklistWords, mentoringConsole } from "./portal-console.words";
import { mentorAssignedEmail } from "./portal.words";

describe("the mentor's new-student email", () => {
  const url = "https://example.com/portal/mentor";
  it.each([
    {
      name: "names the student, the start and the portal",
      input: { mentorName: "Grace Hopper", studentFirstName: "Ada", startDisplay: "January 11" },
      subject: "A new student for you: Ada",
      greeting: "Hi Grace,",
      says: "The cohort starts the week of January 11.",
    },
    {
      name: "reads well without a first name or a start date",
      input: { mentorName: "", studentFirstName: "", startDisplay: "our next cohort" },
      subject: "A new student for you",
      greeting: "Hi,",
      says: "start date isn't set yet",
    },
  ])("$name", ({ input, subject, greeting, says }) => {
    const mail = mentorAssignedEmail({ ...input, url });
    expect(mail.subject).toBe(subject);
    expect(mail.greeting).toBe(greeting);
    expect(mail.paragraphs.join(" ")).toContain(says);
    expect(mail.action).toEqual({ label: "See your students", url });
  });
});

describe("the owner's portal words", () => {
  it("counts places and checklist items", () => {
    expect(checklistWords(1, 2)).toBe("1 of 2 done");
    expect(mentoringConsole.mentorPlaces(2, 5)).toBe("2 of 5 places taken, 3 free");
    expect(mentoringConsole.mentorPlaces(5, 5)).toBe("5 of 5 places taken, none free");
    expect(mentoringConsole.choiceFree("Ana", 0)).toBe("Ana (full)");
  });
});
