import { data } from "react-router";
import { notFound as notFoundWords } from "~/content/site";

/**
 * The one way to answer 404 (issue 46). A page throws `notFound()`: the root's error boundary
 * draws the site's "page not found" in the page's frame. A file route (a calendar feed, a
 * download) answers `plainNotFound()`: plain text, never cached.
 */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** The record a page is about; when there is none (a stale link), the page answers 404. */
export function orNotFound<T>(record: T | null | undefined): T {
  if (record === null || record === undefined) notFound();
  return record;
}

/** A file route's 404: plain text, kept out of caches. */
export function plainNotFound(message: string = notFoundWords.plain): Response {
  return new Response(message, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
