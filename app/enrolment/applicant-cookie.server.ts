import { parseCookies, serializeCookie, sign, unsign } from "~/lib/signing.server";

/** Remembers which person just qualified, so /enroll can prefill their checkout. */
export const APPLICANT_COOKIE = "fsts_applicant";

export function applicantCookie(personId: string, secret: string, secure: boolean): string {
  return serializeCookie(APPLICANT_COOKIE, sign(personId, secret), {
    secure,
    maxAgeSeconds: 30 * 24 * 3600,
  });
}

export function readApplicant(request: Request, secret: string): string | null {
  return unsign(parseCookies(request.headers.get("cookie"))[APPLICANT_COOKIE], secret);
}
