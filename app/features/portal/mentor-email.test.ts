import { describe, expect, it } from "vitest";
import { checklistWords, mentoringConsole } from "./portal-console.words";
import { mentorAssignedEmail } from "./portal.words";

describe("the mentor's new-student email", () => {
  const url = "https://example.com/portal/mentor";
  it("names the student, the start and the portal", () => {
    const mail = mentorAssignedEmail({
      mentorName: "Grace Hopper",
      studentFirstName: "Ada",
      startDisplay: "January 11",
      url,
    });
    expect(mail.subject).toBe("A new student for you: Ada");
    expect(mail.greeting).toBe("Hi Grace,");
    expect(mail.paragraphs).toContain("The cohort starts the week of January 11.");
    expect(mail.action).toEqual({ label: "See your students", url });
  });

  it("reads well without a first name or a start date", () => {
    const mail = mentorAssignedEmail({
      mentorName: "",
      studentFirstName: "",
      startDisplay: "our next cohort",
      url,
    });
    expect(mail.subject).toBe("A new student for you");
    expect(mail.greeting).toBe("Hi,");
    expect(mail.paragraphs.join(" ")).toContain("start date isn't set yet");
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
