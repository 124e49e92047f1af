import {
  destinationKeys,
  linkDestinations,
  linkGeneratorPage,
  linkPlatforms,
  type DestinationKey,
  type LinkPlatform,
} from "~/content/link-destinations";
import { UTM_PARAMS, VIDEO_ID_PARAM, type UtmKey } from "./utm";

export type { DestinationKey, LinkPlatform };

/** Link UTM rules: the source is the platform; the medium depends on it. */
export const PLATFORM_UTM = {
  youtube: { source: "youtube", medium: "video" },
  linkedin: { source: "linkedin", medium: "dm" },
} as const satisfies Record<LinkPlatform, { source: string; medium: string }>;

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

/** One tracked link: site address + destination path + the UTM parameters (+ vid). */
export function buildLink(
  publicUrl: string,
  platform: LinkPlatform,
  id: string,
  destinationKey: DestinationKey,
): string {
  const destination = linkDestinations[destinationKey];
  const value = normalizeLinkId(platform, id);
  const utm: Record<UtmKey, string> = {
    utm_source: PLATFORM_UTM[platform].source,
    utm_medium: PLATFORM_UTM[platform].medium,
    utm_campaign: destination.campaign,
    utm_content: destination.content,
    utm_term: platform === "youtube" ? `yt_${value}` : value,
  };
  const params = new URLSearchParams();
  for (const key of UTM_PARAMS) params.set(key, utm[key]);
  if (platform === "youtube") params.set(VIDEO_ID_PARAM, value);
  return `${publicUrl.replace(/\/+$/, "")}${destination.path}?${params.toString()}`;
}

export interface GeneratedLink {
  key: DestinationKey;
  label: string;
  url: string;
}

/** The chosen destinations in catalogue order, each once; unknown keys are dropped. */
export function orderDestinations(destinations: Iterable<string>): DestinationKey[] {
  const chosen = new Set<string>(destinations);
  return destinationKeys.filter((key) => chosen.has(key));
}

export function buildLinks(
  publicUrl: string,
  platform: LinkPlatform,
  id: string,
  destinations: Iterable<string>,
): GeneratedLink[] {
  return orderDestinations(destinations).map((key) => ({
    key,
    label: linkDestinations[key].label,
    url: buildLink(publicUrl, platform, id, key),
  }));
}

/**
 * The YouTube description call-to-action block: for each link its destination's emoji and CTA
 * text on one line, the link on the next; entries separated by a blank line.
 */
export function buildCtaBlock(links: readonly Pick<GeneratedLink, "key" | "url">[]): string {
  return links
    .map(({ key, url }) => {
      const destination = linkDestinations[key];
      return `${destination.emoji} ${destination.cta}:\n${url}`;
    })
    .join("\n\n");
}

export interface LinkRequest {
  platform: LinkPlatform;
  id: string;
  destinations: Iterable<string>;
}

export type LinkRequestResult =
  | { ok: true; platform: LinkPlatform; id: string; destinations: DestinationKey[] }
  | { ok: false; errors: { id?: string; destinations?: string } };

/** Link generator validation: an ID or rep code, and at least one destination. */
export function validateLinkRequest(request: LinkRequest): LinkRequestResult {
  const id = normalizeLinkId(request.platform, request.id);
  const destinations = orderDestinations(request.destinations);
  const errors: { id?: string; destinations?: string } = {};
  if (!id) errors.id = linkPlatforms[request.platform].idRequired;
  if (destinations.length === 0)
    errors.destinations = linkGeneratorPage.errors.destinationsRequired;
  if (errors.id || errors.destinations) return { ok: false, errors };
  return { ok: true, platform: request.platform, id, destinations };
}
