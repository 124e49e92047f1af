import { isbot } from "isbot";
import { MAX_TAG_BYTES, readUtm, truncateUtf8, type Attribution, type Utm } from "./utm";

/** The public pages whose views are counted, as their paths. */
export const COUNTED_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/privacy",
  "/apply",
  "/enroll",
  "/payment-confirmation",
  "/resume-template",
  "/cold-outreach",
  "/application-tracker",
  "/resource-library",
  "/resume-review",
  "/link-generator",
]);

/** Pages whose address carries a personal token: counted under the prefix alone. */
const TOKEN_PAGES = ["/offers/"];

/** The tags of a link, as the analytics tables store them ('' for none). */
export interface Touch {
  source: string;
  medium: string;
  campaign: string;
  content: string;
  term: string;
  vid: string;
}

export const NO_TOUCH: Touch = {
  source: "",
  medium: "",
  campaign: "",
  content: "",
  term: "",
  vid: "",
};

/** A host name is at most 253 bytes (RFC 1035); a longer "host" is no site, and not stored. */
export const MAX_HOST_BYTES = 253;

/**
 * Page views one address may have recorded per hour. Beyond it the pages are served as ever but
 * not counted, so one address cannot fill the raw tables (a campus behind one address stays far
 * below it: a view every 7 seconds, all hour).
 */
export const PAGE_VIEWS_PER_ADDRESS_PER_HOUR = 500;

/** Each tag cut to MAX_TAG_BYTES, whatever wrote it (an attribution cookie of an older version). */
export function capTouch(touch: Touch): Touch {
  return {
    source: truncateUtf8(touch.source, MAX_TAG_BYTES),
    medium: truncateUtf8(touch.medium, MAX_TAG_BYTES),
    campaign: truncateUtf8(touch.campaign, MAX_TAG_BYTES),
    content: truncateUtf8(touch.content, MAX_TAG_BYTES),
    term: truncateUtf8(touch.term, MAX_TAG_BYTES),
    vid: truncateUtf8(touch.vid, MAX_TAG_BYTES),
  };
}

export function touchOf(utm: Utm | null | undefined): Touch {
  return capTouch({
    source: utm?.utm_source ?? "",
    medium: utm?.utm_medium ?? "",
    campaign: utm?.utm_campaign ?? "",
    content: utm?.utm_content ?? "",
    term: utm?.utm_term ?? "",
    vid: utm?.videoId ?? "",
  });
}

/** What the server knows of a GET it answered, before deciding whether it was a page view. */
export interface ViewRequest {
  /** The path and query as asked for (React Router's data requests end in `.data`). */
  url: string;
  status: number;
  userAgent: string | undefined;
  referrer: string | undefined;
  /** The site's own host: a referrer there is a step inside the site, not a way in. */
  siteHost: string;
  /** `Sec-GPC: 1` or `DNT: 1`: counted, but without the visitor id. */
  doNotTrack: boolean;
  /** The request carried the owner's console cookie. */
  admin: boolean;
  visitorId: string | null;
  /** The browser's first and last touch after this request (from the attribution cookie). */
  attribution: Attribution | null;
}

/** A counted view, or a browser seen again (a data request of the page it is on). */
export interface PageView {
  at: string;
  path: string;
  visitorId: string | null;
  entry: boolean;
  referrerHost: string | null;
  /** The tags of this visit's own address. */
  landing: Touch;
  /** The browser's first touch: the link it is credited to when it is first seen. */
  firstTouch: Touch;
  /** False for a data request of the page already shown: it links the browser, counts no view. */
  counted: boolean;
}

function pagePath(pathname: string): string | null {
  const page = pathname.endsWith(".data")
    ? pathname === "/_root.data"
      ? "/"
      : pathname.slice(0, -".data".length)
    : pathname;
  if (COUNTED_PAGES.has(page)) return page;
  const prefix = TOKEN_PAGES.find((p) => page.startsWith(p) && page.length > p.length);
  return prefix ? prefix.slice(0, -1) : null;
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { host, hostname } = new URL(url);
    // URLs hold hosts in ASCII (punycode), so characters are bytes here.
    return hostname.length > MAX_HOST_BYTES ? null : host.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * Whether a GET answered with a page counts, and as what. Bots, the owner, errors and anything
 * that is not a public page are not counted. A document request is a view; a data request (a
 * page opened inside the app) is a view when it comes from another page, otherwise it only says
 * the browser is still here. Browsers that asked not to be tracked count without their id.
 */
export function classifyView(request: ViewRequest, now: Date): PageView | null {
  if (request.status !== 200 || request.admin) return null;
  if (!request.userAgent || isbot(request.userAgent)) return null;
  const url = new URL(request.url, "http://site.invalid");
  const path = pagePath(url.pathname);
  if (!path) return null;
  const referrerHost = hostOf(request.referrer);
  const internal = referrerHost === request.siteHost.toLowerCase();
  const isData = url.pathname.endsWith(".data");
  const referrerPath = internal ? pagePath(new URL(request.referrer!).pathname) : null;
  const counted = !isData || referrerPath !== path;
  if (!counted && (request.doNotTrack || !request.visitorId)) return null;
  const utm = readUtm(url.searchParams);
  return {
    at: now.toISOString(),
    path,
    visitorId: request.doNotTrack ? null : request.visitorId,
    entry: !internal,
    referrerHost: internal ? null : referrerHost,
    landing: touchOf(utm),
    // Unused without a visitor id: only a tracked browser is credited to a link.
    firstTouch: touchOf(request.attribution?.first ?? utm),
    counted,
  };
}
