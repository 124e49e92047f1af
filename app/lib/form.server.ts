import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { formErrors } from "~/content/forms";
import type { z } from "~/lib/zod";
import { errorToast, rateLimitedToast, type ToastMessage } from "./toast";

/** A post's form body; a body that is not form data (or none) reads as an empty form. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/**
 * A console form's body read with its schema, as the browser reads it (strings as typed: an
 * emptied field stays '' so the schema's own message answers it).
 */
export async function parseForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
  return parseWithZod(await request.formData(), { schema, disableAutoCoercion: true });
}

/**
 * The answer to a refused submission: the field errors in place (Conform's reply) and the message
 * as the destructive toast. `message` overrides the first field error; `field` puts it under that
 * field (a date the server alone can judge); `form` shows it above the form instead (a refusal of
 * the whole post: the slot was taken, the request is no longer open), usually with status 409;
 * `toast` replaces the 'Error' toast (null: none, for a page that says it all under its fields).
 * A page with two forms names the one refused (`intent`); `hideFields` are not sent back (a
 * password); `headers` go with the answer (Retry-After).
 * Every refused post answers through here (issue 46: one way to refuse).
 */
export function refuse(
  submission: Submission<unknown>,
  options: {
    message?: string;
    field?: string;
    form?: boolean;
    status?: number;
    toast?: ToastMessage | null;
    intent?: string;
    hideFields?: string[];
    headers?: Record<string, string>;
  } = {},
) {
  const errors = submission.status === "error" ? submission.error : undefined;
  const message = options.message ?? firstError(errors) ?? "";
  const result = submission.reply({
    ...(options.form
      ? { formErrors: [message] }
      : options.field
        ? { fieldErrors: { [options.field]: [message] } }
        : {}),
    hideFields: options.hideFields,
  });
  const toast = options.toast === undefined ? errorToast(message) : (options.toast ?? undefined);
  const intent = options.intent ? { intent: options.intent } : {};
  return data(
    { result, toast, ...intent },
    { status: options.status ?? 400, headers: options.headers },
  );
}

/** A refusal before the form could be read (over the limit, a body that is not a form): the toast. */
export function refuseUnread(toast: ToastMessage, status: number) {
  return data({ result: null, toast }, { status });
}

/**
 * `refuse`'s options for a signed-in post over its limit (limitFormPost with a user): 429, nothing
 * changed, the values as sent back in the form, the message above it and as the "Slow down" toast.
 */
export const OVER_LIMIT = {
  message: formErrors.portalRateLimited,
  form: true,
  status: 429,
  toast: { ...rateLimitedToast, description: formErrors.portalRateLimited },
} as const;

function firstError(
  errors: Record<string, string[] | null> | null | undefined,
): string | undefined {
  return Object.values(errors ?? {}).find((messages) => messages?.length)?.[0];
}
