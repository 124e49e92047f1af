/**
 * The student's profile form (/portal/profile) and the pre-work's button: one Zod schema each,
 * used by Conform in the page and by the action. Every field is bounded; the resume's content is
 * checked on the server as the resume review's is (app/features/uploads/docx-check.server.ts).
 */
import { z } from "~/lib/zod";
import { isTimeZone } from "~/lib/zone-names";
import { profilePage } from "./portal-student.words";
import { CAREER_TARGETS } from "~/features/applications/application-form";
import { optionalDocxField } from "~/features/uploads/docx-field";

const t = profilePage.errors;

/** The finance tracks of the application a student can target (the application's "Other" aside). */
export const PROFILE_TRACKS = CAREER_TARGETS.filter(
  (track): track is Exclude<(typeof CAREER_TARGETS)[number], "Other"> => track !== "Other",
);
export type ProfileTrack = (typeof PROFILE_TRACKS)[number];

export function isProfileTrack(value: string): value is ProfileTrack {
  return (PROFILE_TRACKS as readonly string[]).includes(value);
}

export const TARGET_FIRMS_MAX = 500;
export const LINKEDIN_URL_MAX = 200;
/** How far a graduation year may be from this year (recent graduates, and freshmen). */
export const GRADUATION_YEARS_BACK = 6;
export const GRADUATION_YEARS_AHEAD = 6;

/**
 * The address of a LinkedIn profile, as stored: https://(www. or a country's subdomain)
 * linkedin.com/in/<name>, without
 * the query or fragment LinkedIn's share links add; "linkedin.com/in/x" typed without the scheme
 * is read as https. Anything else (http, another site, a company page, credentials or a port in
 * the address) is null.
 */
export function linkedInUrl(raw: string): string | null {
  const typed = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  // linkedin.com, www. or a country's two-letter subdomain (uk.linkedin.com, de.linkedin.com).
  if (!/^(?:(?:www|[a-z]{2})\.)?linkedin\.com$/.test(host)) return null;
  const path = /^\/in\/([A-Za-z0-9_%-]{3,100})\/?$/.exec(url.pathname);
  if (!path) return null;
  return `https://${host}/in/${path[1]}`;
}

/** The graduation years the profile takes, around `currentYear`. */
export function graduationYearRange(currentYear: number) {
  return { min: currentYear - GRADUATION_YEARS_BACK, max: currentYear + GRADUATION_YEARS_AHEAD };
}

export function studentProfileSchema(currentYear: number) {
  const { min, max } = graduationYearRange(currentYear);
  const yearMessage = t.graduationYear(min, max);
  return z.object({
    timeZone: z
      .string({ error: t.timeZone })
      .trim()
      .max(64, t.timeZone)
      .refine(isTimeZone, t.timeZone),
    // Judged as a whole, so a refusal shows under the group of checkboxes.
    targetRoles: z
      .array(z.string(), { error: t.targetRoles })
      .max(PROFILE_TRACKS.length, t.targetRoles)
      .optional()
      .refine((roles) => (roles ?? []).every(isProfileTrack), t.targetRoles)
      .transform((roles) => Array.from(new Set((roles ?? []).filter(isProfileTrack)))),
    targetFirms: z
      .string()
      .trim()
      .max(TARGET_FIRMS_MAX, t.tooLong(TARGET_FIRMS_MAX))
      .optional()
      .transform((firms) => firms ?? ""),
    linkedinUrl: z
      .string({ error: t.linkedinUrl })
      .trim()
      .max(LINKEDIN_URL_MAX, t.linkedinUrl)
      .transform((value, ctx) => {
        const url = linkedInUrl(value);
        if (url) return url;
        ctx.addIssue({ code: "custom", message: t.linkedinUrl });
        return z.NEVER;
      })
      .optional(),
    /** "I'm not job seeking this year" (CIRR's exclusion): ticked sends "on". */
    notJobSeeking: z
      .string()
      .max(3)
      .optional()
      .transform((value) => value === "on"),
    /** "Turn off program reminders" (issue 45): ticked sends "on"; bookings still email. */
    noReminders: z
      .string()
      .max(3)
      .optional()
      .transform((value) => value === "on"),
    graduationYear: z
      .string({ error: yearMessage })
      .trim()
      .refine(
        (year) => /^\d{4}$/.test(year) && Number(year) >= min && Number(year) <= max,
        yearMessage,
      ),
    /**
     * A new resume, optional once one is stored: judged here by name and size, then by content
     * on the server. An empty file input arrives as nothing.
     */
    resume: optionalDocxField(),
  });
}

export type StudentProfileForm = z.infer<ReturnType<typeof studentProfileSchema>>;

/** The pre-work page's one button. */
export const preworkSchema = z.object({ intent: z.literal("mark_read") });
