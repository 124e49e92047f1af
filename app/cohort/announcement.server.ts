import { cohortAnnouncement, type CohortAnnouncement } from "~/domain/cohort";
import { dateInZone } from "~/domain/time-zone";
import { takesSeat } from "~/enrollment/seats.server";
import { errorMessage, log } from "~/lib/logger.server";
import type { Services } from "~/services.server";
import { getCohort, toCohort } from "./cohort.server";

/**
 * What the home page says about enrollment right now (domain/cohort.ts `cohortAnnouncement`):
 * the current cohort and the seats held in its open checkouts and offers, read on every request
 * in one statement (the home page's only query). Null when they cannot be read: the page then
 * shows its general line and claims nothing.
 */
export async function readCohortAnnouncement(
  services: Pick<Services, "db" | "clock" | "config">,
): Promise<CohortAnnouncement | null> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  try {
    const row = await services.db
      .selectFrom("cohorts")
      .selectAll("cohorts")
      .select((eb) =>
        eb
          .selectFrom("seat_holds")
          .select((count) => count.fn.countAll().as("n"))
          .whereRef("seat_holds.cohort_id", "=", "cohorts.id")
          .where(takesSeat(nowIso))
          .as("held"),
      )
      .where("cohorts.is_current", "=", 1)
      .executeTakeFirst();
    // No current cohort yet: getCohort makes the default one, in which nothing is held.
    const cohort = row ? toCohort(row) : await getCohort(services.db, now);
    const held = Number(row?.held ?? 0);
    return cohortAnnouncement(cohort, held, dateInZone(now, services.config.siteTimeZone));
  } catch (error) {
    log.error("cohort announcement read failed", { error: errorMessage(error) });
    return null;
  }
}
