import { describe, expect, it } from "vitest";
import { formErrors, parseForm } from "../../../tests/support/forms";
import { consoleText } from "~/content/console";
import { resumesFormSchema } from "./resume-forms";

describe("the resume queue's form", () => {
  it("schedules a resume review for a calendar date, cancels or marks it reviewed", () => {
    const scheduled = parseForm(resumesFormSchema, {
      intent: "schedule",
      id: "u1",
      date: "2027-01-12",
    });
    expect(scheduled.status).toBe("success");
    for (const date of ["", "2027-02-30", "soon"])
      expect(formErrors(resumesFormSchema, { intent: "schedule", id: "u1", date })).toEqual({
        date: [consoleText.invalidDate],
      });
    for (const intent of ["cancel", "reviewed"])
      expect(parseForm(resumesFormSchema, { intent, id: "u1" }).status).toBe("success");
  });
});
