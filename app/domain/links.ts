import {
  linkDestinations,
  type DestinationKey,
  type LinkPlatform,
} from "~/content/link-destinations";
import {
  EMPTY_LINK_FORM,
  normalizeLinkId,
  orderDestinations,
  readLinkQuery,
  validateLinkRequest,
  type LinkErrors,
  type LinkFormValues,
} from "./link-request";
import { UTM_PARAMS, VIDEO_ID_PARAM, type UtmKey } from "./utm";

/** Link UTM rules: the source is the platform; the medium depends on it. */
export const PLATFORM_UTM = {
  youtube: { source: "youtube", medium: "video" },
  linkedin: { source: "linkedin", medium: "dm" },
} as const satisfies Record<LinkPlatform, { source: string; medium: string }>;

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

/** The links of one valid request; the CTA block only for YouTube. */
export interface LinkResult {
  platform: LinkPlatform;
  /** The normalised video ID or rep code the links carry. */
  id: string;
  links: GeneratedLink[];
  cta: string | null;
}

/** What the link generator page shows: the form as filled in, and its errors or its links. */
export interface LinkGeneratorView {
  values: LinkFormValues;
  errors: LinkErrors;
  result: LinkResult | null;
}

/**
 * The link generator's answer to its query string. Without a query the form is empty and quiet;
 * with one it is checked, and either the errors or the links come back, never both.
 */
export function generateFromQuery(publicUrl: string, params: URLSearchParams): LinkGeneratorView {
  const values = readLinkQuery(params);
  if (!values) return { values: EMPTY_LINK_FORM, errors: {}, result: null };
  const outcome = validateLinkRequest({
    platform: values.platform,
    id: values.ids[values.platform],
    destinations: values.destinations,
  });
  if (!outcome.ok) return { values, errors: outcome.errors, result: null };
  const links = buildLinks(publicUrl, outcome.platform, outcome.id, outcome.destinations);
  return {
    values,
    errors: {},
    result: {
      platform: outcome.platform,
      id: outcome.id,
      links,
      cta: outcome.platform === "youtube" ? buildCtaBlock(links) : null,
    },
  };
}
