import { describe, expect, it } from "vitest";
import { formErrors, parseForm } from "../../../tests/support/forms";
import { consoleText } from "~/content/console";
import { emailsFormSchema } from "./email-forms";

describe("the email log's form", () => {
  it("retries an email by its id", () => {
    expect(parseForm(emailsFormSchema, { id: "m1" }).status).toBe("success");
    expect(formErrors(emailsFormSchema, {})).toEqual({ id: [consoleText.notFound] });
  });
});
