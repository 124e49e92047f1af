import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "~/lib/zod";
import { LIMITS } from "./coursework";
import { programWeekFormSchema, weekOfParam } from "./program-forms";
import { programValidation as v } from "./program.words";

/** A form as the server reads it: FormData through Conform, strings as typed; lists repeated. */
function parse(
  fields: Record<string, string | string[]>,
  schema: z.ZodType = programWeekFormSchema,
) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) formData.append(key, one);
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

function valueOf(fields: Record<string, string | string[]>) {
  const submission = parse(fields);
  if (submission.status !== "success")
    throw new Error(`refused: ${JSON.stringify(submission.reply())}`);
  return submission.value;
}

function errorsOf(fields: Record<string, string | string[]>) {
  const submission = parse(fields);
  expect(submission.status).toBe("error");
  return submission.status === "error" ? submission.error : undefined;
}

const week = { intent: "week", title: "Resume", material: "## One page" };
const assignment = { title: "Your resume", instructions: "Upload it.", dueDay: "4", kind: "docx" };

describe("the week's form", () => {
  it("reads the title on one line, the material's line breaks as LF, no video, no files", () => {
    expect(
      valueOf({ ...week, title: "  Resume \n review ", material: " ## A\r\n\r\n- b \r\n" }),
    ).toEqual({
      intent: "week",
      title: "Resume review",
      material: "## A\n\n- b",
      videoUrl: null,
      resources: [],
    });
    expect(valueOf({ ...week, videoUrl: "  " })).toMatchObject({ videoUrl: null });
  });

  it("takes an https video link and library files, one or several, each once, in the library's order", () => {
    expect(
      valueOf({
        ...week,
        videoUrl: " https://www.youtube.com/watch?v=abc ",
        resources: "application-tracker",
      }),
    ).toMatchObject({
      videoUrl: "https://www.youtube.com/watch?v=abc",
      resources: ["application-tracker"],
    });
    expect(
      valueOf({
        ...week,
        resources: ["application-tracker", "resume-template", "application-tracker"],
      }),
    ).toMatchObject({ resources: ["resume-template", "application-tracker"] });
  });

  it("refuses a video link that is not a full https link, or too long", () => {
    for (const videoUrl of [
      "http://www.youtube.com/watch?v=abc",
      "javascript:alert(1)",
      "youtube.com/watch",
      "https://localhost/video",
      "https://user:pass@video.example.com/",
      `https://video.example.com/${"x".repeat(LIMITS.url)}`,
    ])
      expect(errorsOf({ ...week, videoUrl })).toEqual({ videoUrl: [v.videoUrl] });
  });

  it("refuses a file not in the library, and more files than a week may offer", () => {
    expect(errorsOf({ ...week, resources: ["resume-template", "secret-file"] })).toEqual({
      resources: [v.resource],
    });
    expect(
      errorsOf({
        ...week,
        resources: Array.from({ length: LIMITS.resources + 1 }, () => "resume-template"),
      }),
    ).toEqual({ resources: [v.tooManyResources(LIMITS.resources)] });
  });

  it("refuses a blank title or material, and either over its bound", () => {
    expect(errorsOf({ intent: "week", title: " ", material: "\r\n" })).toEqual({
      title: [v.titleRequired],
      material: [v.materialRequired],
    });
    expect(errorsOf({ intent: "week" })).toEqual({
      title: [v.titleRequired],
      material: [v.materialRequired],
    });
    expect(
      errorsOf({
        intent: "week",
        title: "x".repeat(LIMITS.weekTitle + 1),
        material: "y".repeat(LIMITS.material + 1),
      }),
    ).toEqual({
      title: [v.tooLong(LIMITS.weekTitle)],
      material: [v.tooLong(LIMITS.material)],
    });
  });

  it("counts the material's posted CR LF line breaks once, as the box does", () => {
    const material = "a\r\n".repeat(LIMITS.material / 2).trim();
    expect(valueOf({ ...week, material })).toMatchObject({ intent: "week" });
  });
});

describe("an assignment's forms", () => {
  it("reads an added assignment: the due day as a number from Monday (1), the kind", () => {
    expect(
      valueOf({
        intent: "add",
        ...assignment,
        title: " Your \n resume ",
        instructions: " a\r\nb ",
      }),
    ).toEqual({
      intent: "add",
      title: "Your resume",
      instructions: "a\nb",
      dueDay: 4,
      kind: "docx",
    });
    for (const [dueDay, number] of [
      ["1", 1],
      ["7", 7],
    ] as const)
      expect(valueOf({ intent: "add", ...assignment, dueDay })).toMatchObject({ dueDay: number });
    for (const kind of ["docx", "link", "text"])
      expect(valueOf({ intent: "add", ...assignment, kind })).toMatchObject({ kind });
  });

  it("reads an edit and a removal by the assignment's id", () => {
    expect(valueOf({ intent: "edit", id: "w2-resume", ...assignment })).toMatchObject({
      intent: "edit",
      id: "w2-resume",
      dueDay: 4,
    });
    expect(valueOf({ intent: "remove", id: "w2-resume" })).toEqual({
      intent: "remove",
      id: "w2-resume",
    });
    expect(errorsOf({ intent: "remove" })).toEqual({ id: [v.assignmentNotFound] });
    expect(errorsOf({ intent: "remove", id: "x".repeat(101) })).toEqual({
      id: [v.assignmentNotFound],
    });
  });

  it("refuses a day outside Monday to Sunday, an unknown kind, blanks and words over their bounds", () => {
    for (const dueDay of ["0", "8", "", " 3", "2.5", "monday"])
      expect(errorsOf({ intent: "add", ...assignment, dueDay })).toEqual({ dueDay: [v.dueDay] });
    expect(errorsOf({ intent: "add", ...assignment, kind: "pdf" })).toEqual({ kind: [v.kind] });
    expect(errorsOf({ intent: "add", kind: "text", dueDay: "1", title: " " })).toEqual({
      title: [v.assignmentTitleRequired],
      instructions: [v.instructionsRequired],
    });
    expect(
      errorsOf({
        intent: "edit",
        id: "a",
        ...assignment,
        title: "x".repeat(LIMITS.assignmentTitle + 1),
        instructions: "y".repeat(LIMITS.instructions + 1),
      }),
    ).toEqual({
      title: [v.tooLong(LIMITS.assignmentTitle)],
      instructions: [v.tooLong(LIMITS.instructions)],
    });
  });

  it("refuses an unknown intent", () => {
    expect(parse({ intent: "delete", id: "a" }).status).toBe("error");
  });
});

describe("the week a page names", () => {
  it("is 1 to 6, written as a plain number", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => weekOfParam(String(n)))).toEqual([1, 2, 3, 4, 5, 6]);
    for (const param of [undefined, "", "0", "7", "01", "2.0", "-1", "two", "1e0", " 2"])
      expect(weekOfParam(param)).toBeNull();
  });
});
