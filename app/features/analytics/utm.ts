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

/**
 * A tag's most bytes (UTF-8). Six tags and a day make the analytics indexes' rows: 6 × 200 bytes
 * stays far inside PostgreSQL's 2,704-byte btree row limit, whatever the script (issue 31).
 */
export const MAX_TAG_BYTES = 200;

/** The longest start of `value` of at most `maxBytes` in UTF-8, never cutting a character. */
export function truncateUtf8(value: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    // A lone surrogate is written as U+FFFD: three bytes, like the rest of its plane.
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return value.slice(0, end);
}

/** The tracking parameters of a URL's query, or null when it carries none. */
export function readUtm(params: URLSearchParams): Utm | null {
  const utm: Utm = {};
  for (const key of UTM_PARAMS) {
    const value = params.get(key)?.trim();
    if (value) utm[key] = truncateUtf8(value, MAX_TAG_BYTES);
  }
  const vid = params.get(VIDEO_ID_PARAM)?.trim();
  if (vid) utm.videoId = truncateUtf8(vid, MAX_TAG_BYTES);
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
