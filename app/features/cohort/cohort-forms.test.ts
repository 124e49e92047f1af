import { describe, expect, it } from "vitest";
import { formErrors, parseForm } from "../../../tests/support/forms";
import { consoleText } from "~/content/console";
import { mentoringConsole } from "~/features/portal/portal-console.words";
import { cohortsFormSchema, seatQueueFormSchema } from "./cohort-forms";
import { cohortSettingsValidation } from "./cohort-settings.words";
import { cohortConsole } from "./cohorts.words";

describe("the cohorts page's forms", () => {
  it("creates with a capacity of at least one and an optional calendar date", () => {
    const created = parseForm(cohortsFormSchema, {
      intent: "create",
      capacity: "12",
      startDate: "",
    });
    expect(created.status === "success" && created.value).toEqual({
      intent: "create",
      capacity: 12,
      startDate: null,
    });
    expect(formErrors(cohortsFormSchema, { intent: "create", capacity: "0" })).toEqual({
      capacity: [cohortSettingsValidation.capacityAtLeastOne],
    });
    expect(
      formErrors(cohortsFormSchema, { intent: "create", capacity: "3", startDate: "2027-02-30" }),
    ).toEqual({ startDate: [cohortSettingsValidation.startDate] });
  });

  it("makes a cohort current by its id", () => {
    expect(parseForm(cohortsFormSchema, { intent: "make_current", id: "c1" }).status).toBe(
      "success",
    );
    expect(formErrors(cohortsFormSchema, { intent: "make_current", id: "" })).toEqual({
      id: [consoleText.notFound],
    });
  });
});

describe("a cohort's seat queue and mentors", () => {
  it("acts on a queue entry: move up, offer, remove, nothing else", () => {
    for (const intent of ["move_up", "offer", "remove"])
      expect(parseForm(seatQueueFormSchema, { intent, id: "e1" }).status).toBe("success");
    expect(formErrors(seatQueueFormSchema, { intent: "offer" })).toEqual({
      id: [cohortConsole.notWaiting],
    });
    expect(
      Object.keys(formErrors(seatQueueFormSchema, { intent: "promote", id: "e1" }) ?? {}),
    ).toEqual(["intent"]);
  });

  it("moves a cohort's student to a mentor: both ids required", () => {
    const moved = parseForm(seatQueueFormSchema, {
      intent: "move_mentor",
      student: "p1",
      mentor: "m1",
    });
    expect(moved.status === "success" && moved.value).toEqual({
      intent: "move_mentor",
      student: "p1",
      mentor: "m1",
    });
    expect(formErrors(seatQueueFormSchema, { intent: "move_mentor", student: "p1" })).toEqual({
      mentor: [mentoringConsole.mentorRequired],
    });
    expect(formErrors(seatQueueFormSchema, { intent: "move_mentor", mentor: "m1" })).toEqual({
      student: [mentoringConsole.studentRequired],
    });
  });
});
