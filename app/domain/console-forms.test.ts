import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { cohortSettingsValidation } from "~/features/cohort/cohort-settings.words";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { consoleText } from "~/content/console";
import { mentoringConsole } from "~/features/portal/portal-console.words";
import { validation } from "~/content/forms";
import type { z } from "~/lib/zod";
import {
  cohortsFormSchema,
  emailsFormSchema,
  personFormSchema,
  resumesFormSchema,
  seatQueueFormSchema,
  sequencesFormSchema,
} from "./console-forms";

/** A form as the server reads it: FormData through Conform, strings as typed. */
function parse(schema: z.ZodType, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

function errorsOf(schema: z.ZodType, fields: Record<string, string>) {
  const submission = parse(schema, fields);
  expect(submission.status).toBe("error");
  return submission.status === "error" ? submission.error : undefined;
}

describe("the person page's forms", () => {
  it("reads a status change with its reason, trimmed", () => {
    const submission = parse(personFormSchema, {
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
      expect(errorsOf(personFormSchema, { intent: "status", status: "lead", ...fields })).toEqual({
        reason: [consoleText.statusReasonRequired],
      });
      expect(errorsOf(personFormSchema, { intent: "refund", ...fields })).toEqual({
        reason: [cohortConsole.refundReasonRequired],
      });
    }
    expect(errorsOf(personFormSchema, { intent: "refund", reason: "x".repeat(501) })).toEqual({
      reason: [validation.tooLong(500)],
    });
  });

  it("refuses an unknown status", () => {
    const errors = errorsOf(personFormSchema, { intent: "status", status: "king", reason: "x" });
    expect(Object.keys(errors ?? {})).toEqual(["status"]);
  });

  it("erases only when ERASE is typed exactly", () => {
    expect(parse(personFormSchema, { intent: "erase", confirm: "ERASE" }).status).toBe("success");
    for (const confirm of ["erase", "", "ERASE "]) {
      expect(errorsOf(personFormSchema, { intent: "erase", confirm })).toEqual({
        confirm: [consoleText.person.eraseMismatch],
      });
    }
  });

  it("clears a bounce with nothing else, and refuses a missing or unknown intent", () => {
    expect(parse(personFormSchema, { intent: "clear_undeliverable" }).status).toBe("success");
    expect(Object.keys(errorsOf(personFormSchema, {}) ?? {})).toEqual(["intent"]);
    expect(Object.keys(errorsOf(personFormSchema, { intent: "drop" }) ?? {})).toEqual(["intent"]);
  });
});

describe("the cohorts page's forms", () => {
  it("creates with a capacity of at least one and an optional calendar date", () => {
    const created = parse(cohortsFormSchema, { intent: "create", capacity: "12", startDate: "" });
    expect(created.status === "success" && created.value).toEqual({
      intent: "create",
      capacity: 12,
      startDate: null,
    });
    expect(errorsOf(cohortsFormSchema, { intent: "create", capacity: "0" })).toEqual({
      capacity: [cohortSettingsValidation.capacityAtLeastOne],
    });
    expect(
      errorsOf(cohortsFormSchema, { intent: "create", capacity: "3", startDate: "2027-02-30" }),
    ).toEqual({ startDate: [cohortSettingsValidation.startDate] });
  });

  it("makes a cohort current by its id", () => {
    expect(parse(cohortsFormSchema, { intent: "make_current", id: "c1" }).status).toBe("success");
    expect(errorsOf(cohortsFormSchema, { intent: "make_current", id: "" })).toEqual({
      id: [consoleText.notFound],
    });
  });
});

describe("the row actions", () => {
  it("acts on a queue entry: move up, offer, remove, nothing else", () => {
    for (const intent of ["move_up", "offer", "remove"])
      expect(parse(seatQueueFormSchema, { intent, id: "e1" }).status).toBe("success");
    expect(errorsOf(seatQueueFormSchema, { intent: "offer" })).toEqual({
      id: [cohortConsole.notWaiting],
    });
    expect(
      Object.keys(errorsOf(seatQueueFormSchema, { intent: "promote", id: "e1" }) ?? {}),
    ).toEqual(["intent"]);
  });

  it("moves a cohort's student to a mentor: both ids required", () => {
    const moved = parse(seatQueueFormSchema, {
      intent: "move_mentor",
      student: "p1",
      mentor: "m1",
    });
    expect(moved.status === "success" && moved.value).toEqual({
      intent: "move_mentor",
      student: "p1",
      mentor: "m1",
    });
    expect(errorsOf(seatQueueFormSchema, { intent: "move_mentor", student: "p1" })).toEqual({
      mentor: [mentoringConsole.mentorRequired],
    });
    expect(errorsOf(seatQueueFormSchema, { intent: "move_mentor", mentor: "m1" })).toEqual({
      student: [mentoringConsole.studentRequired],
    });
  });

  it("schedules a resume review for a calendar date, cancels or marks it reviewed", () => {
    const scheduled = parse(resumesFormSchema, {
      intent: "schedule",
      id: "u1",
      date: "2027-01-12",
    });
    expect(scheduled.status).toBe("success");
    for (const date of ["", "2027-02-30", "soon"])
      expect(errorsOf(resumesFormSchema, { intent: "schedule", id: "u1", date })).toEqual({
        date: [consoleText.invalidDate],
      });
    for (const intent of ["cancel", "reviewed"])
      expect(parse(resumesFormSchema, { intent, id: "u1" }).status).toBe("success");
  });

  it("retries an email by its id", () => {
    expect(parse(emailsFormSchema, { id: "m1" }).status).toBe("success");
    expect(errorsOf(emailsFormSchema, {})).toEqual({ id: [consoleText.notFound] });
  });

  it("pauses or resumes a known sequence only", () => {
    expect(parse(sequencesFormSchema, { intent: "pause", sequence: "resume" }).status).toBe(
      "success",
    );
    expect(errorsOf(sequencesFormSchema, { intent: "resume", sequence: "nope" })).toEqual({
      sequence: [consoleText.notFound],
    });
  });
});
