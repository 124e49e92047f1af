/** The tracking parameters read from landing URLs and written into generated links. */
export const UTM_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
] as const;
export const VIDEO_ID_PARAM = "vid";

export type UtmKey = (typeof UTM_PARAMS)[number];

export interface Utm {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_content?: string;
  utm_term?: string;
  videoId?: string;
}

export interface Attribution {
  first: Utm;
  last: Utm;
}

const MAX_VALUE_LENGTH = 200;

/** The tracking parameters of a URL's query, or null when it carries none. */
export function readUtm(params: URLSearchParams): Utm | null {
  const utm: Utm = {};
  for (const key of UTM_PARAMS) {
    const value = params.get(key)?.trim();
    if (value) utm[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  const vid = params.get(VIDEO_ID_PARAM)?.trim();
  if (vid) utm.videoId = vid.slice(0, MAX_VALUE_LENGTH);
  return Object.keys(utm).length > 0 ? utm : null;
}

/** First touch is kept for the visit; last touch follows the newest tagged landing. */
export function touch(previous: Attribution | null, landing: Utm): Attribution {
  return { first: previous?.first ?? landing, last: landing };
}

/** The source of a visit that came by no tagged link. */
export const DIRECT = "direct";

export function leadSourceOf(utm: Utm | undefined): string {
  return utm?.utm_source ?? DIRECT;
}

export function parseAttribution(raw: unknown): Attribution | null {
  if (!raw || typeof raw !== "object") return null;
  const value = raw as Partial<Attribution>;
  return value.first &&
    typeof value.first === "object" &&
    value.last &&
    typeof value.last === "object"
    ? (value as Attribution)
    : null;
}
