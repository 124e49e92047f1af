/**
 * What a person asks the link generator for: a platform, a video or rep code, destinations. The
 * form is a GET form, so the request arrives as a query string the server reads and checks here.
 */

import {
  destinationKeys,
  linkGeneratorPage,
  linkPlatformKeys,
  linkPlatforms,
  type DestinationKey,
  type LinkPlatform,
} from "./link-destinations.words";
import { z } from "~/lib/zod";

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
const PATH_FORMS = new Set(["shorts", "embed", "live", "v"]);

function parseUrl(input: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

/**
 * The video ID of a pasted YouTube link (watch, m.youtube.com, youtu.be, /shorts/, /embed/,
 * /live/), with or without the scheme and whatever extra parameters it carries. Anything else is
 * returned as is, trimmed.
 */
export function extractYouTubeId(input: string): string {
  const value = input.trim();
  if (!value) return "";
  const url = parseUrl(value);
  if (!url) return value;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (SHORT_HOSTS.has(host)) {
    id = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (segments[0] && PATH_FORMS.has(segments[0])) id = segments[1];
  }
  id = id?.trim();
  return id ? id : value;
}

/** The identifier as it goes into a link: a video ID for YouTube, the trimmed rep code otherwise. */
export function normalizeLinkId(platform: LinkPlatform, id: string): string {
  return platform === "youtube" ? extractYouTubeId(id) : id.trim();
}

/** Eleven letters, digits, `-` or `_`: the shape of every YouTube video ID. */
const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export function isYouTubeVideoId(id: string): boolean {
  return YOUTUBE_VIDEO_ID.test(id);
}

/**
 * Why the ID field refuses what was typed, or undefined when it takes it: an ID or rep code is
 * required, and a rep code (trimmed first) may not contain spaces, tabs or line breaks.
 */
export function linkIdError(platform: LinkPlatform, input: string): string | undefined {
  const id = normalizeLinkId(platform, input);
  if (!id) return linkPlatforms[platform].idRequired;
  if (platform === "linkedin" && /\s/.test(id)) return linkPlatforms.linkedin.idHasSpaces;
  return undefined;
}

/**
 * A warning that does not stop the links: a YouTube value that, once reduced, is not shaped like a
 * video ID (the spec uses anything else as is).
 */
export function linkIdWarning(platform: LinkPlatform, id: string): string | undefined {
  if (platform !== "youtube" || isYouTubeVideoId(id)) return undefined;
  return linkPlatforms.youtube.idWarning(id);
}

/** The chosen destinations in catalogue order, each once; unknown keys are dropped. */
export function orderDestinations(destinations: Iterable<string>): DestinationKey[] {
  const chosen = new Set<string>(destinations);
  return destinationKeys.filter((key) => chosen.has(key));
}

export interface LinkRequest {
  platform: LinkPlatform;
  id: string;
  destinations: Iterable<string>;
}

export interface LinkErrors {
  id?: string;
  destinations?: string;
}

export type LinkRequestResult =
  | { ok: true; platform: LinkPlatform; id: string; destinations: DestinationKey[] }
  | { ok: false; errors: LinkErrors };

/**
 * Link generator validation: an ID or rep code (a rep code without spaces), and at least one
 * destination.
 */
export function validateLinkRequest(request: LinkRequest): LinkRequestResult {
  const id = normalizeLinkId(request.platform, request.id);
  const destinations = orderDestinations(request.destinations);
  const errors: LinkErrors = {};
  const idError = linkIdError(request.platform, request.id);
  if (idError) errors.id = idError;
  if (destinations.length === 0)
    errors.destinations = linkGeneratorPage.errors.destinationsRequired;
  if (errors.id || errors.destinations) return { ok: false, errors };
  return { ok: true, platform: request.platform, id, destinations };
}

const DEFAULT_LINK_PLATFORM: LinkPlatform = "youtube";

/**
 * The form's query string: `platform`, an ID field per platform (so that without JavaScript each
 * keeps its own label and value), and `destinations` once per ticked box. Whatever else a
 * hand-made URL carries is read as nothing; the rules above then say what is missing.
 */
const linkQuerySchema = z.object({
  platform: z.enum(linkPlatformKeys).catch(DEFAULT_LINK_PLATFORM),
  video: z.string().catch(""),
  rep: z.string().catch(""),
  destinations: z.array(z.string()).catch([]),
});

type LinkQueryField = keyof z.infer<typeof linkQuerySchema>;

export const LINK_QUERY = {
  platform: "platform",
  destinations: "destinations",
  id: { youtube: "video", linkedin: "rep" },
} as const satisfies {
  platform: LinkQueryField;
  destinations: LinkQueryField;
  id: Record<LinkPlatform, LinkQueryField>;
};

/** The form's fields as the person filled them in (IDs untrimmed, destinations checked). */
export interface LinkFormValues {
  platform: LinkPlatform;
  ids: Record<LinkPlatform, string>;
  destinations: DestinationKey[];
}

export const EMPTY_LINK_FORM: LinkFormValues = {
  platform: DEFAULT_LINK_PLATFORM,
  ids: { youtube: "", linkedin: "" },
  destinations: [],
};

/** The form's values from a query string, or null when the page was opened without one. */
export function readLinkQuery(params: URLSearchParams): LinkFormValues | null {
  if (!Object.keys(linkQuerySchema.shape).some((field) => params.has(field))) return null;
  const query = linkQuerySchema.parse({
    platform: params.get(LINK_QUERY.platform),
    video: params.get(LINK_QUERY.id.youtube),
    rep: params.get(LINK_QUERY.id.linkedin),
    destinations: params.getAll(LINK_QUERY.destinations),
  });
  return {
    platform: query.platform,
    ids: { youtube: query.video, linkedin: query.rep },
    destinations: orderDestinations(query.destinations),
  };
}
