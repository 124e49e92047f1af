import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "~/lib/zod";

/**
 * Every form schema of the features' rules (app/features/<feature>/*.ts), walked field by field: a text field holding only spaces must
 * be answered with the form's own words (the message an emptied field gets), never with Zod's
 * default English ("Invalid input: expected string, received undefined"). Each field is parsed as
 * the pages parse it: with Conform's coercion (which strips '' to nothing, inside pipes too) and
 * without it (the console's `parseForm`).
 */

/** The rules of every feature and the shared ones: not tests, words, server code or routes. */
const modules = import.meta.glob<Record<string, unknown>>(
  ["../features/*/*.ts", "./*.ts", "!**/*.test.ts", "!**/*.server.ts", "!**/*.words.ts"],
  { eager: true },
);

/** The arguments each schema factory is built with; a new factory must be added here. */
const FACTORY_ARGS: Record<string, unknown[]> = {
  applicationSchema: [2026],
  applicationFormSchema: ["2026-11-20"],
  mentorApplicationSchema: ["2026-11-20"],
  broadcastSchema: ["America/New_York", new Date("2026-11-20T15:00:00Z")],
  broadcastFormSchema: ["America/New_York", new Date("2026-11-20T15:00:00Z")],
  cohortSettingsSchema: [2026],
  cohortSettingsFormSchema: [2026],
  leadFormSchema: [2026],
  resumeReviewSchema: [2026],
  interviewsFormSchema: ["2026-11-20"],
  studentProfileSchema: [2026],
};

/** What Zod answers when a schema has no words of its own (the per-parse error map). */
const ZOD_DEFAULT = "«Zod's default message»";

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  in?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  values?: unknown[];
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isZod = (value: unknown): value is z.ZodType =>
  typeof value === "object" && value !== null && "_zod" in value;

/** The schema a field's value is first read by: through wrappers and pipes to their input. */
function inputOf(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.type === "pipe") return inputOf(def.in!);
  if (def.type === "lazy") return inputOf(def.getter!());
  if (def.innerType) return inputOf(def.innerType);
  return schema;
}

/** The forms of one exported schema: a union's members, each a form of its own. */
function formsOf(schema: z.ZodType): z.ZodType[] {
  const def = defOf(inputOf(schema));
  if (def.type === "union") return def.options!.flatMap(formsOf);
  return def.type === "object" ? [schema] : [];
}

interface TextField {
  /** The field's name as the form posts it (`marks[0].status`). */
  name: string;
  /** The other fields a post of this form carries: its intent and other fixed values. */
  fixed: Record<string, string>;
}

/** Every text field of a form, nested objects and lists of objects included. */
function textFields(form: z.ZodType, prefix = "", fixed: Record<string, string> = {}): TextField[] {
  const shape = defOf(inputOf(form)).shape ?? {};
  const own = { ...fixed };
  for (const [key, field] of Object.entries(shape)) {
    const def = defOf(inputOf(field));
    if (def.type === "literal") own[`${prefix}${key}`] = String(def.values![0]);
  }
  return Object.entries(shape).flatMap(([key, field]) => {
    const def = defOf(inputOf(field));
    const name = `${prefix}${key}`;
    if (def.type === "string") return [{ name, fixed: own }];
    if (def.type === "object") return textFields(field, `${name}.`, own);
    if (def.type === "array" && defOf(inputOf(def.element!)).type === "object")
      return textFields(def.element!, `${name}[0].`, own);
    return [];
  });
}

function schemasOf(name: string, value: unknown): z.ZodType[] {
  if (isZod(value)) return [value];
  if (Array.isArray(value)) return value.filter(isZod);
  if (typeof value === "function" && /Schema$/.test(name)) {
    const args = FACTORY_ARGS[name];
    if (!args) throw new Error(`add ${name}'s arguments to FACTORY_ARGS`);
    return [(value as (...a: unknown[]) => z.ZodType)(...args)];
  }
  return [];
}

const cases = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) =>
    schemasOf(name, value).flatMap((schema) =>
      formsOf(schema).flatMap((form) =>
        textFields(form).map((field) => ({ label: `${file} ${name}: ${field.name}`, form, field })),
      ),
    ),
  ),
);

function messages(form: z.ZodType, field: TextField, typed: string, coerce: boolean) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(field.fixed)) formData.set(key, value);
  formData.set(field.name, typed);
  const submission = parseWithZod(formData, {
    schema: form,
    disableAutoCoercion: !coerce,
    error: () => ZOD_DEFAULT,
  });
  return submission.status === "error" ? (submission.error?.[field.name] ?? []) : [];
}

describe("every form schema answers a blank-only text field in its own words", () => {
  it("finds the forms of the features (the walk reaches them)", () => {
    const labels = cases.map((c) => c.label);
    expect(labels.length).toBeGreaterThan(100);
    for (const expected of [
      "../features/outcomes/outcome-forms.ts interviewsFormSchema: firm",
      "../features/outcomes/outcome-forms.ts interviewsFormSchema: role",
      "../features/outcomes/testimonials.ts testimonialSchema: quote",
      "../features/attendance/attendance.ts attendanceFormSchema: marks[0].student",
      "../features/withdrawals/withdrawal.ts withdrawalDecisionForms: note",
    ])
      expect(labels).toContain(expected);
  });

  for (const { label, form, field } of cases)
    it(label, () => {
      for (const coerce of [true, false]) {
        const how = coerce ? "with Conform's coercion" : "without coercion";
        const blank = messages(form, field, "   ", coerce);
        const empty = messages(form, field, "", coerce);
        expect(blank, how).not.toContain(ZOD_DEFAULT);
        // Spaces the schema trims away are an emptied field: the field shows the same words.
        if (blank.length > 0 && empty.length > 0) expect(blank[0], how).toBe(empty[0]);
      }
    });
});
