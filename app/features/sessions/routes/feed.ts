import { plainNotFound } from "~/lib/or-not-found";
import { calendarEventsFor, calendarText, uidHost } from "~/features/sessions/calendar.server";
import { fetchFeed } from "~/features/sessions/feeds.server";
import type { Route } from "./+types/feed";

/**
 * /calendar/<token>.ics: a student's or mentor's private calendar feed, as calendar apps fetch
 * it (decision 0041). React Router reads the segment ":token.ics" as the parameter `token`
 * followed by the literal ".ics". An unknown or dead token is a 404; the address is redacted in
 * logs and kept out of caches (lib/token-urls.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, clock, config } = context.services;
  const now = clock.now();
  const owner = await fetchFeed(db, params.token, now);
  if (!owner) return plainNotFound();
  const events = await calendarEventsFor(db, owner, uidHost(config.publicUrl));
  return new Response(calendarText(events, { now }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
