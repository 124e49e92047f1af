import { describe, expect, it } from "vitest";
import { formErrors, parseForm } from "../../../tests/support/forms";
import { consoleText } from "~/content/console";
import { validation } from "~/content/forms";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { personFormSchema } from "./person-form";

describe("the person page's forms", () => {
  it("reads a status change with its reason, trimmed", () => {
    const submission = parseForm(personFormSchema, {
      intent: "status",
      status: "qualified",
      reason: " called ",
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "status",
      status: "qualified",
      reason: "called",
    });
  });

  it("wants a reason for a status change and for a refund, under the reason field", () => {
    for (const reason of [undefined, "", "   "]) {
      const fields: Record<string, string> = reason === undefined ? {} : { reason };
      expect(formErrors(personFormSchema, { intent: "status", status: "lead", ...fields })).toEqual(
        {
          reason: [consoleText.statusReasonRequired],
        },
      );
      expect(formErrors(personFormSchema, { intent: "refund", ...fields })).toEqual({
        reason: [cohortConsole.refundReasonRequired],
      });
    }
    expect(formErrors(personFormSchema, { intent: "refund", reason: "x".repeat(501) })).toEqual({
      reason: [validation.tooLong(500)],
    });
  });

  it("refuses an unknown status", () => {
    const errors = formErrors(personFormSchema, { intent: "status", status: "king", reason: "x" });
    expect(Object.keys(errors ?? {})).toEqual(["status"]);
  });

  it("erases only when ERASE is typed exactly", () => {
    expect(parseForm(personFormSchema, { intent: "erase", confirm: "ERASE" }).status).toBe(
      "success",
    );
    for (const confirm of ["erase", "", "ERASE "]) {
      expect(formErrors(personFormSchema, { intent: "erase", confirm })).toEqual({
        confirm: [consoleText.person.eraseMismatch],
      });
    }
  });

  it("clears a bounce with nothing else, and refuses a missing or unknown intent", () => {
    expect(parseForm(personFormSchema, { intent: "clear_undeliverable" }).status).toBe("success");
    expect(Object.keys(formErrors(personFormSchema, {}) ?? {})).toEqual(["intent"]);
    expect(Object.keys(formErrors(personFormSchema, { intent: "drop" }) ?? {})).toEqual(["intent"]);
  });
});
