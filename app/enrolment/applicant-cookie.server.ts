import type { AppLoadContext } from "react-router";
import { readCookie, writeCookie } from "~/lib/cookies.server";

/** Remembers which person just qualified, so /enroll can prefill their checkout. */
export function applicantCookie(context: AppLoadContext, personId: string): Promise<string> {
  return writeCookie(context.services.config.sessionSecrets, "applicant", personId, context.secure);
}

export async function readApplicant(
  request: Request,
  context: AppLoadContext,
): Promise<string | null> {
  const value = await readCookie(
    context.services.config.sessionSecrets,
    "applicant",
    request.headers.get("cookie"),
    context.secure,
  );
  return typeof value === "string" ? value : null;
}
