import type { DB } from "~/db/database.server";
import { nextLivestream, livestreamSlot } from "./livestream";
import { dateInZone, formatTimeOfDay, formatWhen } from "~/lib/time-zone";
import { errorMessage, log } from "~/lib/logger.server";
import type { Services } from "~/context";

/** The booked livestream dates from `fromDate` (YYYY-MM-DD) on, soonest first, each once. */
export async function bookedLivestreamDates(db: DB, fromDate: string, limit = 3) {
  const rows = await db
    .selectFrom("uploads")
    .select("scheduled_for")
    .distinct()
    .where("review_status", "=", "scheduled")
    .where("scheduled_for", ">=", fromDate)
    .orderBy("scheduled_for")
    .limit(limit)
    .execute();
  return rows.map((row) => row.scheduled_for).filter((date): date is string => date !== null);
}

/** When livestreams are, as /resume-review tells a visitor, in US format with the zone named. */
export interface LivestreamTimes {
  /** When a livestream starts ("7:00 PM EST": LIVESTREAM_TIME, today's zone name). */
  startsAt: string;
  /** The next livestream with a resume booked ("Thu, Dec 3, 7:00 PM EST"), or null. */
  next: string | null;
}

/**
 * LIVESTREAM_TIME in SITE_TIME_ZONE, and the next booked livestream that has not ended. A failed
 * read leaves out the next one; the usual time is configuration and always known.
 */
export async function livestreamTimes(
  services: Pick<Services, "db" | "clock" | "config">,
): Promise<LivestreamTimes> {
  const now = services.clock.now();
  const { siteTimeZone: zone, livestreamTime: time } = services.config;
  const today = dateInZone(now, zone);
  const startsAt = formatTimeOfDay(livestreamSlot(today, time, zone).start, zone);
  try {
    const next = nextLivestream(await bookedLivestreamDates(services.db, today), time, zone, now);
    return { startsAt, next: next ? formatWhen(next.start, zone, now) : null };
  } catch (error) {
    log.error("livestream dates read failed", { error: errorMessage(error) });
    return { startsAt, next: null };
  }
}
