import type { AppContext } from "~/context";
import { readRequestString, writeCookie } from "~/lib/cookies.server";
import type { ToastMessage } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";

/** Remembers which person just qualified, so /enroll can prefill their checkout. */
export function applicantCookie(context: AppContext, personId: string): Promise<string> {
  return writeCookie(context.services.config.sessionSecrets, "applicant", personId, context.secure);
}

/** The person this browser proved to be (signed applicant cookie), or null. */
export function readApplicant(request: Request, context: AppContext): Promise<string | null> {
  return readRequestString(request, context, "applicant");
}

/**
 * A link from the person's inbox (seat offer, enrollment link) proved who they are: sign this
 * browser in as them and send it to /enroll with a toast (the token leaves the address bar).
 */
export async function enterEnrollAs(
  context: AppContext,
  personId: string,
  toast: ToastMessage,
): Promise<Response> {
  return redirectWithToast(context, "/enroll", toast, {
    "Set-Cookie": await applicantCookie(context, personId),
  });
}
