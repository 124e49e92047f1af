import type { AppLoadContext } from "react-router";
import { HONEYPOT_FIELD } from "./honeypot";
import { log } from "./logger.server";

export type GuardResult = "ok" | "honeypot" | "rate_limited" | "no_visitor";

/**
 * The checks every public form runs before it reads its fields. Cross-origin posts never get here
 * (the server refuses them first).
 */
export async function guardPublicForm(
  context: AppLoadContext,
  formData: FormData,
  form: string,
): Promise<GuardResult> {
  if (!(await context.services.limits.forms.hit(`${form}:${context.ip}`))) {
    log.warn("form rate limited", { form });
    return "rate_limited";
  }
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log.warn("honeypot filled", { form });
    return "honeypot";
  }
  if (!context.visitorId) {
    log.warn("submission without visitor id", { form });
    return "no_visitor";
  }
  return "ok";
}
