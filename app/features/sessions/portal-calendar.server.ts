import type { DB } from "~/db/database.server";
import { eventTense } from "./event-tense";
import type { ZoneSource } from "~/features/portal/reader-zone";
import { formatWhen } from "~/lib/time-zone";
import { calendarEventsFor, uidHost, type CalendarOwner } from "./calendar.server";
import { feedStatus, feedUrls } from "./feeds.server";

type CardConfig = { publicUrl: string; sessionSecrets: readonly string[] };

/**
 * The portal's calendar card: the person's live feed (its address, the same on every visit, with
 * its webcal and Google forms; null where it cannot be shown) and when their calendar app last
 * fetched it, and their events with the times in their own zone, the zone named.
 */
export async function calendarCard(
  services: { db: DB; clock: { now(): Date }; config: CardConfig },
  owner: CalendarOwner,
  timeZone: string,
  /** Where the zone comes from: the reader's saved one, their browser's, or the site's. */
  zoneFrom: ZoneSource = "saved",
) {
  // Where the reader saves a zone; a student's page follows the browser's zone until then.
  const student = owner.kind === "student";
  const saveHref = student ? "/portal/profile" : "/portal/mentor/availability";
  const now = services.clock.now();
  const [feed, events] = await Promise.all([
    feedStatus(services.db, owner, services.config.sessionSecrets),
    calendarEventsFor(services.db, owner, uidHost(services.config.publicUrl)),
  ]);
  return {
    zone: { name: timeZone, from: zoneFrom, saveHref, followBrowser: student },
    feed: feed && {
      urls: feed.token ? feedUrls(services.config.publicUrl, feed.token) : null,
      lastFetched: feed.lastFetchedAt
        ? formatWhen(new Date(feed.lastFetchedAt), timeZone, now)
        : null,
      firstFetchedAt: feed.firstFetchedAt,
    },
    events: events.map((event) => ({
      uid: event.uid,
      summary: event.summary,
      when: formatWhen(event.start, timeZone, now),
      startsAt: event.start.toISOString(),
      cancelled: event.status === "cancelled",
      tense: eventTense(
        { start: event.start, cancelled: event.status === "cancelled", outcome: event.outcome },
        now,
      ),
      recording: event.recordingUrl ?? null,
    })),
  };
}

export type CalendarCardData = Awaited<ReturnType<typeof calendarCard>>;

/** A mentor's calendar card, in their own zone (mentors.time_zone; null: the site's). */
export async function mentorCalendarCard(
  services: { db: DB; clock: { now(): Date }; config: CardConfig & { siteTimeZone: string } },
  mentorId: string,
) {
  const mentor = await services.db
    .selectFrom("mentors")
    .select("time_zone")
    .where("id", "=", mentorId)
    .executeTakeFirst();
  const zone = mentor?.time_zone || services.config.siteTimeZone;
  return calendarCard(
    services,
    { kind: "mentor", mentorId },
    zone,
    mentor?.time_zone ? "saved" : "site",
  );
}
