/**
 * The cookie the portal's enhancement writes the browser's zone to, for a student who has saved
 * none (decision 0055); `__Host-` on https like every cookie of the site. Read by
 * `readBrowserZone` (app/lib/browser-zone.server.ts); a module of its own so the page's inline
 * enhancement can name it without shipping the time module.
 */
export const BROWSER_ZONE_COOKIE = "fsts_tz";
