import type { AppLoadContext } from "react-router";
import { readRequestString, writeCookie } from "~/lib/cookies.server";

/** Remembers which person just qualified, so /enroll can prefill their checkout. */
export function applicantCookie(context: AppLoadContext, personId: string): Promise<string> {
  return writeCookie(context.services.config.sessionSecrets, "applicant", personId, context.secure);
}

/** The person this browser proved to be (signed applicant cookie), or null. */
export function readApplicant(request: Request, context: AppLoadContext): Promise<string | null> {
  return readRequestString(request, context, "applicant");
}
