import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { resumeFileMessages } from "~/features/leads/lead-magnets.words";
import { LIMITS } from "./coursework";
import { mayReadFile, reviewSchema } from "./reviews";
import { reviewPageText } from "./reviews.words";

/** A review form as the browser posts it: an empty file input sends a nameless, empty file. */
function parse(fields: Record<string, string>, file = new File([], "")) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return parseWithZod(form, { schema: reviewSchema });
}

/** The field errors of a refused form (none when it parsed). */
const errorsOf = (fields: Record<string, string>, file?: File) => {
  const parsed = parse(fields, file);
  return parsed.status === "error" ? (parsed.error ?? {}) : {};
};

describe("reviewSchema", () => {
  it("takes a comment and a verdict, the file optional", () => {
    const parsed = parse({ comment: "  Good.\r\nKeep going.  ", verdict: "looks_good" });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toEqual({
      comment: "Good.\nKeep going.",
      verdict: "looks_good",
      file: undefined,
    });
  });

  it("keeps a .docx for the content check", () => {
    const file = new File([new Uint8Array([1, 2, 3])], "Annotated.DOCX");
    const parsed = parse({ comment: "See file", verdict: "revise" }, file);
    expect(parsed.status).toBe("success");
    if (parsed.status === "success") expect(parsed.value.file?.name).toBe("Annotated.DOCX");
  });

  it("asks for the comment, within its bound", () => {
    const errors = (comment: string) => errorsOf({ comment, verdict: "revise" }).comment ?? null;
    expect(errors("")).toEqual([reviewPageText.errors.comment]);
    expect(errors("   ")).toEqual([reviewPageText.errors.comment]);
    expect(errors("x".repeat(LIMITS.comment))).toBeNull();
    expect(errors("x".repeat(LIMITS.comment + 1))).toHaveLength(1);
  });

  it("takes only Looks good or Revise", () => {
    for (const verdict of ["", "waiting", "LOOKS_GOOD"])
      expect(errorsOf({ comment: "Fine", verdict }).verdict).toEqual([
        reviewPageText.errors.verdict,
      ]);
  });

  it("refuses a file not named .docx, or too large, in the resume upload's words", () => {
    const named = errorsOf({ comment: "Fine", verdict: "revise" }, new File(["x"], "notes.pdf"));
    expect(named.file).toEqual([resumeFileMessages.not_docx.description]);
    const big = new File([new Uint8Array(LIMITS.fileBytes + 1)], "big.docx");
    expect(errorsOf({ comment: "Fine", verdict: "revise" }, big).file).toEqual([
      resumeFileMessages.too_large.description,
    ]);
  });
});

describe("mayReadFile", () => {
  const file = { personId: "ada" };
  it("lets the student whose file it is read it, and no other student", () => {
    expect(mayReadFile({ role: "student", personId: "ada" }, file, null)).toBe(true);
    expect(mayReadFile({ role: "student", personId: "bob" }, file, "ann")).toBe(false);
  });

  it("lets the mentor of the student's live seat read it, and no other mentor", () => {
    expect(mayReadFile({ role: "mentor", mentorId: "ann" }, file, "ann")).toBe(true);
    expect(mayReadFile({ role: "mentor", mentorId: "bea" }, file, "ann")).toBe(false);
    expect(mayReadFile({ role: "mentor", mentorId: "ann" }, file, null)).toBe(false);
  });
});
