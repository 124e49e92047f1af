import { isTimeZone } from "~/lib/zone-names";
import { BROWSER_ZONE_COOKIE } from "./browser-zone";
import { cookieValueOf } from "./cookies.server";

/**
 * The browser's own time zone, as the portal's enhancement writes it for a student who has not
 * saved one (decision 0055). Not signed: the browser itself writes it, and it is a display
 * preference, so the only check that matters is made on every read: a real IANA zone, bounded.
 * On https it carries the `__Host-` prefix like every other cookie of the site.
 */
export function browserZoneCookieName(secure = false): string {
  return secure ? `__Host-${BROWSER_ZONE_COOKIE}` : BROWSER_ZONE_COOKIE;
}

/** The browser's zone from a request's cookies, or null when absent or not a real zone. */
export function readBrowserZone(request: Request, secure = false): string | null {
  const raw = cookieValueOf(request.headers.get("cookie"), browserZoneCookieName(secure));
  if (raw === null || raw.length > 100) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isTimeZone(zone) ? zone : null;
}
