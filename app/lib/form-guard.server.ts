import type { AppLoadContext } from "react-router";
import { HONEYPOT_FIELD } from "./honeypot";
import { log } from "./logger.server";

export type GuardResult = "ok" | "honeypot" | "no_visitor";

/**
 * The per-address limit of a public form, counted before its body is read, so a flood costs the
 * server a counter and not a parse. Cross-origin posts never get here (the server refuses them).
 */
export async function limitFormPost(context: AppLoadContext, form: string): Promise<boolean> {
  if (await context.services.limits.forms.hit(`${form}:${context.ip}`)) return true;
  log.warn("form rate limited", { form });
  return false;
}

/**
 * The checks every public form runs on its body before it reads its fields: the honeypot and the
 * visitor id. The emails one address may receive are charged later, only when an email is really
 * queued (mail/recipient-quota.server.ts): an invalid post must not spend someone else's quota.
 */
export async function guardPublicForm(
  context: AppLoadContext,
  formData: FormData,
  form: string,
): Promise<GuardResult> {
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
