import {
  linkDestinations,
  linkPasteBlocks,
  type DestinationKey,
  type LinkPlatform,
} from "./link-destinations.words";
import {
  EMPTY_LINK_FORM,
  linkIdWarning,
  normalizeLinkId,
  orderDestinations,
  readLinkQuery,
  validateLinkRequest,
  type LinkErrors,
  type LinkFormValues,
} from "./link-request";
import { UTM_PARAMS, VIDEO_ID_PARAM, type UtmKey } from "~/features/analytics/utm";

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

/**
 * The ready-to-paste block of a platform: for YouTube the CTA block itself, for LinkedIn the same
 * entries between the message's opening and closing lines, each part separated by a blank line.
 */
export function buildPasteBlock(
  platform: LinkPlatform,
  links: readonly Pick<GeneratedLink, "key" | "url">[],
): string {
  const { opening, closing } = linkPasteBlocks[platform];
  return [opening, buildCtaBlock(links), closing]
    .filter((part): part is string => Boolean(part))
    .join("\n\n");
}

/** The longest ID a QR code's file name carries; the name stays short enough for any disk. */
const QR_FILE_ID_MAX = 40;

/**
 * A QR code's download name: `qr-<destination>-<video id or rep code>.png`, in letters, digits,
 * `_` and `-` only (accents lose their marks, any other run of characters becomes one `-`). An ID
 * with nothing safe left in it is left out of the name.
 */
export function qrFileName(destination: DestinationKey, id: string): string {
  const safeId = id
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .slice(0, QR_FILE_ID_MAX)
    .replace(/^-+|-+$/g, "");
  return safeId ? `qr-${destination}-${safeId}.png` : `qr-${destination}.png`;
}

/** The links of one valid request, with the platform's ready-to-paste block. */
export interface LinkResult {
  platform: LinkPlatform;
  /** The normalised video ID or rep code the links carry. */
  id: string;
  links: GeneratedLink[];
  /** The YouTube CTA block or the LinkedIn message. */
  block: string;
  /** Said under the ID field when the ID looks wrong; the links are made all the same. */
  warning: string | null;
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
      block: buildPasteBlock(outcome.platform, links),
      warning: linkIdWarning(outcome.platform, outcome.id) ?? null,
    },
  };
}
