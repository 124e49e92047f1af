import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { leadFormData, leadFormSchema, resumeReviewSchema } from "./lead-form";

const answers = {
  firstName: " Ada ",
  lastName: "Lovelace",
  email: "Ada@Example.com",
  university: "State University",
  graduationYear: "2026",
};

function form(fields: Record<string, string | File>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("lead form schema", () => {
  it("accepts the required fields, career goals optional, and normalises them", () => {
    const result = parseWithZod(form(answers), { schema: leadFormSchema(2026) });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      university: "State University",
      graduationYear: "2026",
    });
  });

  it("keeps career goals when given", () => {
    const result = parseWithZod(form({ ...answers, careerGoals: "Banking" }), {
      schema: leadFormSchema(2026),
    });
    expect(result.status === "success" && result.value.careerGoals).toBe("Banking");
  });

  it("shares the application's graduation-year rule and messages", () => {
    for (const year of ["2025", "26", "20271", "abcd"]) {
      const result = parseWithZod(form({ ...answers, graduationYear: year }), {
        schema: leadFormSchema(2026),
      });
      const errors = result.reply().error?.graduationYear ?? [];
      expect(errors.length).toBeGreaterThan(0);
      expect(new Set(errors)).toEqual(new Set(["Please enter a valid year (2026 or later)"]));
    }
  });

  it("requires first name, last name, email, university and year", () => {
    const result = parseWithZod(form({}), { schema: leadFormSchema(2026) });
    expect(Object.keys(result.reply().error ?? {}).sort()).toEqual([
      "email",
      "firstName",
      "graduationYear",
      "lastName",
      "university",
    ]);
  });
});

describe("resume review schema", () => {
  const schema = resumeReviewSchema(2026);

  it("requires a resume", () => {
    for (const fields of [answers, { ...answers, resume: new File([], "") }]) {
      const result = parseWithZod(form(fields), { schema });
      expect(result.reply().error?.resume).toEqual(["Please upload your resume"]);
    }
  });

  it("accepts only .docx names", () => {
    const result = parseWithZod(form({ ...answers, resume: new File(["x"], "cv.pdf") }), {
      schema,
    });
    expect(result.reply().error?.resume).toEqual(["Please upload a .docx file"]);
  });

  it("refuses files over 5 MB", () => {
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "cv.docx");
    const result = parseWithZod(form({ ...answers, resume: big }), { schema });
    expect(result.reply().error?.resume?.[0]).toContain("5 MB");
  });

  it("passes a .docx file through", () => {
    const file = new File(["x"], "cv.docx");
    const result = parseWithZod(form({ ...answers, resume: file }), { schema });
    expect(result.status === "success" && result.value.resume).toBe(file);
  });
});

describe("leadFormData", () => {
  it("stores the answers with the resource type, source, UTM and the resume URL", () => {
    const value = {
      firstName: "Ada",
      lastName: "L",
      email: "ada@example.com",
      university: "U",
      graduationYear: "2027",
    };
    expect(leadFormData(value, "resume", { utm_source: "youtube" }, "youtube")).toEqual({
      ...value,
      careerGoals: "",
      resourceType: "resume",
      source: "youtube",
      utm: { utm_source: "youtube" },
    });
    expect(
      leadFormData({ ...value, careerGoals: "M&A" }, "resume_review", {}, "direct", {
        resumeUrl: "/admin/uploads/1",
      }),
    ).toMatchObject({ careerGoals: "M&A", resumeUrl: "/admin/uploads/1", source: "direct" });
  });
});
