import { parseWithZod } from "@conform-to/zod/v4";
import { expect } from "vitest";
import type { z } from "../../app/lib/zod";

/** A console form as the server reads it: FormData through Conform, strings as typed. */
export function parseForm(schema: z.ZodType, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/** The errors of a form that must be refused (the test fails when it is not). */
export function formErrors(schema: z.ZodType, fields: Record<string, string>) {
  const submission = parseForm(schema, fields);
  expect(submission.status).toBe("error");
  return submission.status === "error" ? submission.error : undefined;
}
