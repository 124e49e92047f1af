/** Whose zone a student's times are shown in (decision 0055). */
export type ZoneSource = "saved" | "browser" | "site";

/**
 * The zone a student reads times in: their saved one; unsaved, their browser's (a page request's
 * cookie, never a job's), else the site's. Each named on the page as what it is.
 */
export function readerZone(
  saved: string | null,
  browser: string | null,
  siteZone: string,
): { zone: string; from: ZoneSource } {
  if (saved !== null) return { zone: saved, from: "saved" };
  if (browser !== null) return { zone: browser, from: "browser" };
  return { zone: siteZone, from: "site" };
}
