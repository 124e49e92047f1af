import { cohortAnnouncement, type CohortAnnouncement } from "./cohort";
import { dateInZone } from "~/lib/time-zone";
import { countHeldSeats } from "~/features/enrollment/seats.server";
import { errorMessage, log } from "~/lib/logger.server";
import type { Services } from "~/context";
import { getCohort } from "./cohort.server";

/**
 * What the home page says about enrollment right now (features/cohort/cohort.ts `cohortAnnouncement`):
 * the current cohort and the seats held in its open checkouts and offers, read on every request
 * with the same reads the checkout uses. Null when they cannot be read: the page then shows its
 * general line and claims nothing.
 */
export async function readCohortAnnouncement(
  services: Pick<Services, "db" | "clock" | "config">,
): Promise<CohortAnnouncement | null> {
  const now = services.clock.now();
  try {
    const cohort = await getCohort(services.db, now);
    const held = await countHeldSeats(services.db, cohort.id, now.toISOString());
    return cohortAnnouncement(cohort, held, dateInZone(now, services.config.siteTimeZone));
  } catch (error) {
    log.error("cohort announcement read failed", { error: errorMessage(error) });
    return null;
  }
}
