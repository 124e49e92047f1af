/** What the bench posts: the fields of the lead form and of an application that ends on the waitlist. */

export const LEAD_PATH = "/resume-template";
export const APPLY_PATH = "/apply";
/** The lead page's confirmation heading (app/features/leads/lead-magnets.words.ts leadSuccess.title). */
export const LEAD_SUCCESS_TEXT = "Check Your Email!";

const graduationYear = String(new Date().getUTCFullYear() + 1);

export function leadBody(email: string): string {
  return new URLSearchParams({
    firstName: "Bench",
    lastName: "Lead",
    email,
    university: "State University",
    graduationYear,
  }).toString();
}

/**
 * A finance fit who cannot commit the hours and is not ready: waitlist ("both"), so no seat
 * logic or redirect to /enroll interferes with the measurement.
 */
export function applicationBody(email: string): string {
  const form = new URLSearchParams({
    firstName: "Bench",
    lastName: "Applicant",
    email,
    university: "State University",
    graduationYear,
    hoursPerWeek: "no",
    readyToEnroll: "no",
    heardFrom: "youtube",
    challenge: "Getting past the resume screen.",
    motivation: "I like markets and working with clients.",
  });
  form.append("careerTargets", "Banking");
  return form.toString();
}

export const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };

/** A page view issues the signed visitor cookie every form post must carry (server/visitor.ts). */
export async function visitorCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/apply`, { signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("fsts_vid="));
  if (!cookie) throw new Error("no fsts_vid cookie on GET /apply");
  return cookie;
}
