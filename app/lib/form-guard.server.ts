import type { AppContext } from "~/context";
import type { PortalUser } from "~/features/portal/portal-users.server";
import { HONEYPOT_FIELD } from "./honeypot";
import { log } from "./logger.server";

export type GuardResult = "ok" | "honeypot" | "no_visitor";

/**
 * The limit of a form post; true while it is within it. A public form counts per client address,
 * before its body is read, so a flood costs the server a counter and not a parse. A signed-in
 * portal form (`user`) counts per person instead (mentors on one office network share an
 * address), at a limit nobody typing reaches (PORTAL_RATE_LIMIT_PER_MINUTE); its refusal answers
 * with the values as sent (`refuse(submission, OVER_LIMIT)`), so nothing typed is lost.
 * Cross-origin posts never get here (the server refuses them).
 */
export async function limitFormPost(
  context: AppContext,
  form: string,
  user?: PortalUser,
): Promise<boolean> {
  const { limits } = context.services;
  const allowed = user
    ? await limits.portalForms.hit(`${form}:${user.role}:${portalUserId(user)}`)
    : await limits.forms.hit(`${form}:${context.ip}`);
  if (allowed) return true;
  log.warn("form rate limited", { form, ...(user ? { role: user.role } : {}) });
  return false;
}

const portalUserId = (user: PortalUser) => (user.role === "mentor" ? user.mentorId : user.personId);

/**
 * The checks every public form runs on its body before it reads its fields: the honeypot and the
 * visitor id. The emails one address may receive are charged later, only when an email is really
 * queued (mail/recipient-quota.server.ts): an invalid post must not spend someone else's quota.
 */
export async function guardPublicForm(
  context: AppContext,
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
