import { describe, expect, it } from "vitest";
import { formErrors, parseForm } from "../../../tests/support/forms";
import { consoleText } from "~/content/console";
import { sequencesFormSchema } from "./sequence-forms";

describe("the sequences' form", () => {
  it("pauses or resumes a known sequence only", () => {
    expect(parseForm(sequencesFormSchema, { intent: "pause", sequence: "resume" }).status).toBe(
      "success",
    );
    expect(formErrors(sequencesFormSchema, { intent: "resume", sequence: "nope" })).toEqual({
      sequence: [consoleText.notFound],
    });
  });
});
