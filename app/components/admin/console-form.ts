import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "react-router";
import type { z } from "~/lib/zod";

/**
 * A console form on Conform with its page's schema: the browser checks it as the server will, and
 * a refused submission (the action's 400, with or without JavaScript) shows its errors under the
 * fields of the form it came from, the one whose hidden values (`match`: intent, row id) it carries.
 */
export function useConsoleForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  match: Record<string, string>,
  defaultValue?: Record<string, unknown>,
) {
  const answer = useActionData<{ result?: SubmissionResult<string[]> } | undefined>();
  const result = answer?.result;
  const sent = result?.initialValue ?? {};
  const ours = Object.entries(match).every(([name, value]) => sent[name] === value);
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult: ours ? result : undefined,
    defaultValue: defaultValue as DefaultValue<z.input<Schema>> | undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
}
