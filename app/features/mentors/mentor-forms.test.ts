import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { validation } from "~/content/forms";
import { mentorValidation as m } from "./mentors.words";
import type { z } from "~/lib/zod";
import {
  MAX_MENTOR_BIO,
  MAX_MENTOR_NAME,
  MAX_MENTOR_NOTE,
  mentorNoteSchema,
  mentorSchema,
  mentorsFormSchema,
} from "./mentor-forms";

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

const capacity = m.capacity(1, 50);

describe("the mentors page's forms", () => {
  it("reads an invitation: the address in lower case, the name on one line, the default capacity", () => {
    const submission = parse(mentorsFormSchema, {
      intent: "invite",
      email: " Jane@Example.COM ",
      name: "  Jane \n Doe ",
      bio: "Ten years\r\nin banking.",
      capacity: "",
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "invite",
      email: "jane@example.com",
      name: "Jane Doe",
      bio: "Ten years\nin banking.",
      capacity: 5,
    });
  });

  it("takes a capacity from 1 to 50, whole", () => {
    for (const [typed, value] of [
      ["1", 1],
      [" 50 ", 50],
      ["07", 7],
    ] as const) {
      const parsed = mentorSchema.safeParse({ email: "a@b.co", name: "A", capacity: typed });
      expect(parsed.success && parsed.data.capacity).toBe(value);
    }
    for (const typed of ["0", "51", "2.5", "-3", "five", "1e1", "999999"]) {
      expect(
        errorsOf(mentorsFormSchema, {
          intent: "invite",
          email: "a@b.co",
          name: "A",
          capacity: typed,
        }),
      ).toEqual({ capacity: [capacity] });
    }
  });

  it("refuses a missing or bad address, a missing name, and words over their bounds", () => {
    expect(errorsOf(mentorsFormSchema, { intent: "invite", name: "A" })).toEqual({
      email: [m.emailRequired],
    });
    expect(errorsOf(mentorsFormSchema, { intent: "invite", email: "nope", name: "A" })).toEqual({
      email: [m.emailInvalid],
    });
    expect(errorsOf(mentorsFormSchema, { intent: "invite", email: "a@b.co", name: " " })).toEqual({
      name: [m.nameRequired],
    });
    expect(
      errorsOf(mentorsFormSchema, {
        intent: "edit",
        id: "m1",
        name: "x".repeat(MAX_MENTOR_NAME + 1),
        bio: "y".repeat(MAX_MENTOR_BIO + 1),
        capacity: "5",
      }),
    ).toEqual({
      name: [validation.tooLong(MAX_MENTOR_NAME)],
      bio: [validation.tooLong(MAX_MENTOR_BIO)],
    });
  });

  it("counts a bio's posted CR LF line breaks once, as the box does", () => {
    const bio = "a\r\n".repeat(MAX_MENTOR_BIO / 2).trim();
    const submission = parse(mentorsFormSchema, {
      intent: "edit",
      id: "m1",
      name: "A",
      bio,
      capacity: "5",
    });
    expect(submission.status).toBe("success");
  });

  it("reads deactivate and reactivate by the row's id, and refuses an unknown intent", () => {
    for (const intent of ["deactivate", "reactivate"]) {
      const submission = parse(mentorsFormSchema, { intent, id: "m1" });
      expect(submission.status === "success" && submission.value).toEqual({ intent, id: "m1" });
    }
    expect(errorsOf(mentorsFormSchema, { intent: "deactivate" })).toEqual({ id: [m.notFound] });
    expect(parse(mentorsFormSchema, { intent: "delete", id: "m1" }).status).toBe("error");
  });
});

describe("a mentor's note", () => {
  it("is required, trimmed and bounded", () => {
    const submission = parse(mentorNoteSchema, {
      intent: "note",
      body: "  Strong on markets.\r\n ",
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "note",
      body: "Strong on markets.",
    });
    expect(errorsOf(mentorNoteSchema, { intent: "note", body: "   " })).toEqual({
      body: [m.noteRequired],
    });
    expect(errorsOf(mentorNoteSchema, { intent: "note" })).toEqual({ body: [m.noteRequired] });
    expect(
      errorsOf(mentorNoteSchema, { intent: "note", body: "x".repeat(MAX_MENTOR_NOTE + 1) }),
    ).toEqual({ body: [validation.tooLong(MAX_MENTOR_NOTE)] });
  });
});
