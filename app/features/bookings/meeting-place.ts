import { meetingPlaceText } from "./bookings.words";
import { z } from "~/lib/zod";
import { isHttpsUrl } from "~/lib/https-url";

/**
 * A mentor's place to meet (issue 45, item 1): an https video link, or text such as a phone
 * number or an address. The one rule, shared by the mentor's availability page, the owner's
 * /admin/mentors and the server: what starts like a link must be a valid https link; anything
 * else is one line of text, bounded, without control characters.
 */
export const MAX_MEETING_PLACE = 300;

export type MeetingPlaceError = "required" | "tooLong" | "control" | "url";

export type MeetingPlace = { ok: true; place: string } | { ok: false; error: MeetingPlaceError };

/** Reads a typed place: trimmed, inner runs of spaces kept; a bad value says why. */
export function parseMeetingPlace(raw: string): MeetingPlace {
  const place = raw.trim();
  if (place === "") return { ok: false, error: "required" };
  if (place.length > MAX_MEETING_PLACE) return { ok: false, error: "tooLong" };
  // eslint-disable-next-line no-control-regex -- control characters (line breaks too) are refused
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(place))
    return { ok: false, error: "control" };
  const looksLikeLink = /^[a-z][a-z0-9+.-]*:\/\//i.test(place) || /^(https?:|www\.)/i.test(place);
  if (looksLikeLink && !(/^https:\/\//i.test(place) && isHttpsUrl(place)))
    return { ok: false, error: "url" };
  return { ok: true, place };
}

/** The place as a link (the invite's URL, a button on the page), or null when it is text. */
export function meetingLink(place: string | null | undefined): string | null {
  return place && /^https:\/\//i.test(place) && isHttpsUrl(place) ? place : null;
}

const e = meetingPlaceText.errors;

/** The form field: the rule above, with the page's words. */
export const meetingPlaceField = z
  .string({ error: e.required })
  .max(MAX_MEETING_PLACE * 4, { error: e.tooLong, abort: true })
  .superRefine((value, ctx) => {
    const parsed = parseMeetingPlace(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: e[parsed.error] });
  })
  .transform((value) => value.trim());
