import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { normaliseEmail } from "~/domain/person-fields";
import { HONEYPOT_FIELD } from "./honeypot";
import { log } from "./logger.server";

export type GuardResult = "ok" | "honeypot" | "rate_limited" | "no_visitor";

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
 * The checks every public form runs on its body before it reads its fields: the honeypot, the
 * visitor id, and the emails one address may receive from our forms (the address a visitor types
 * is not proven to be theirs, so a stranger cannot flood someone's inbox from many networks). The
 * recipient's key is a hash: the limits table holds no email addresses.
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
  const email = formData.get("email");
  if (typeof email === "string" && email.trim() !== "") {
    const key = createHash("sha256").update(normaliseEmail(email)).digest("hex");
    if (!(await context.services.limits.recipients.hit(key))) {
      log.warn("recipient rate limited", { form });
      return "rate_limited";
    }
  }
  return "ok";
}
