import { deepDiveState } from "~/features/bookings/deep-dive.server";
import type { DB, Trx } from "~/db/database.server";
import { longDate } from "~/features/cohort/cohort";
import { moveByReport, type Report } from "~/features/job-search/report-outcome.server";
import type { InterviewInput, OfferInput } from "./outcome-forms";
import { dateInZone } from "~/lib/time-zone";
import { formatWhen, whenFor } from "~/lib/time-zone";
import { studentSeat } from "~/features/portal/seat.server";
import type { Services } from "~/context";

/**
 * Interviews and offers a student reports in the portal (issue 35 item 4, issue 36 item 2), on
 * their latest paid seat's cohort; each is a move of one of their applications (decision 0063:
 * app/features/job-search/report-outcome.server.ts). An interview of the current seat whose day is still ahead
 * (site's zone) unlocks the deep-dive (deepDiveUnlock in app/features/bookings/slots.ts, read through
 * app/features/bookings/deep-dive.server.ts); an offer counts only once confirmed
 * (app/features/outcomes/offers.server.ts). Each student stores at most MAX_INTERVIEWS and MAX_OFFERS.
 */

export type ReportOutcome =
  | { kind: "saved"; id: string; ahead: boolean }
  | {
      kind:
        "noSeat" | "tooManyInterviews" | "tooManyOffers" | "tooManyApplications" | "movedMeanwhile";
    };

const REFUSALS = {
  no_seat: "noSeat",
  too_many_interviews: "tooManyInterviews",
  too_many_offers: "tooManyOffers",
  too_many_applications: "tooManyApplications",
  moved_meanwhile: "movedMeanwhile",
} as const;

/** A report as one move of the student's application (moveByReport), in one transaction. */
async function report(services: Services, personId: string, input: Report, ahead: boolean) {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx): Promise<ReportOutcome> => {
    const moved = await moveByReport(trx, personId, input, now);
    if (moved.kind !== "moved") return { kind: REFUSALS[moved.kind] };
    return { kind: "saved", id: moved.detailId ?? moved.moveId, ahead };
  });
}

/** An interview of the student's (firm, role, day): their application moved to Interview. */
export async function reportInterview(
  services: Services,
  personId: string,
  input: InterviewInput,
): Promise<ReportOutcome> {
  const today = dateInZone(services.clock.now(), services.config.siteTimeZone);
  const { firm, role, date } = input;
  return report(
    services,
    personId,
    { firm, role, to: "interview", interviewDate: date },
    date > today,
  );
}

/**
 * An offer of the student's: their application moved to Offer. It waits for their mentor's (or
 * the owner's) confirmation.
 */
export async function reportOffer(
  services: Services,
  personId: string,
  input: OfferInput,
): Promise<ReportOutcome> {
  const offer = {
    kind: input.kind,
    track: input.track,
    startDate: input.startDate ?? null,
    compensation: input.compensation ?? null,
  };
  return report(
    services,
    personId,
    { firm: input.firm, role: input.role, to: "offer", offer },
    false,
  );
}

/** A person's interviews, soonest day first. */
export function interviewsOf(db: DB | Trx, personId: string) {
  return db
    .selectFrom("interviews")
    .select(["id", "cohort_id", "firm", "role", "interview_date"])
    .where("person_id", "=", personId)
    .orderBy("interview_date")
    .orderBy("created_at")
    .execute();
}

/** A person's offers, the latest reported first. */
export function offersOf(db: DB | Trx, personId: string) {
  return db
    .selectFrom("offers")
    .select([
      "id",
      "firm",
      "role",
      "track",
      "kind",
      "start_date",
      "compensation",
      "reported_at",
      "confirmed_at",
    ])
    .where("person_id", "=", personId)
    .orderBy("reported_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * What a student's interviews and offers read as, for the student themself, their mentor or the
 * owner (never another student): dates written out, each offer waiting or confirmed, the
 * compensation as the student typed it, and whether they are job seeking this year.
 */
export async function outcomesView(
  db: DB,
  personId: string,
  zones: { site: string; reader: string },
  now: Date,
) {
  const today = dateInZone(now, zones.site);
  const zone = zones.reader;
  const [interviews, offers, profile] = await Promise.all([
    interviewsOf(db, personId),
    offersOf(db, personId),
    db
      .selectFrom("student_profiles")
      .select("job_seeking")
      .where("person_id", "=", personId)
      .executeTakeFirst(),
  ]);
  return {
    jobSeeking: profile ? Number(profile.job_seeking) !== 0 : true,
    interviews: interviews.map((row) => ({
      id: row.id,
      firm: row.firm,
      role: row.role,
      date: longDate(row.interview_date),
      ahead: row.interview_date > today,
    })),
    offers: offers.map((row) => ({
      id: row.id,
      firm: row.firm,
      role: row.role,
      track: row.track,
      kind: row.kind,
      startDate: row.start_date ? longDate(row.start_date) : null,
      compensation: row.compensation,
      confirmed: row.confirmed_at ? formatWhen(new Date(row.confirmed_at), zone, now) : null,
    })),
  };
}

/** /portal/interviews: the student's interviews and offers, and their deep-dive if booked. */
export async function interviewsPage(services: Services, personId: string) {
  const { db, config } = services;
  const now = services.clock.now();
  const seat = await studentSeat(db, personId, config.siteTimeZone);
  const zone = seat?.student.zone ?? config.siteTimeZone;
  const view = await outcomesView(db, personId, { site: config.siteTimeZone, reader: zone }, now);
  const today = dateInZone(now, config.siteTimeZone);
  // The deep-dive's own rule, on the current seat only (another cohort's interview unlocks nothing).
  const state = seat ? await deepDiveState(db, seat, today) : null;
  return {
    ...view,
    today,
    deepDive: state?.booked ? whenFor(state.booked.starts_at, zone, now) : null,
    unlocked: state?.unlocked ?? false,
  };
}

/** A person's interviews and offers, as their privacy export lists them. */
export async function outcomesExport(db: DB, personId: string) {
  const [interviews, offers] = await Promise.all([
    db
      .selectFrom("interviews")
      .select(["firm", "role", "interview_date", "created_at"])
      .where("person_id", "=", personId)
      .orderBy("interview_date")
      .execute(),
    db
      .selectFrom("offers")
      .select([
        "firm",
        "role",
        "track",
        "kind",
        "start_date",
        "compensation",
        "reported_at",
        "confirmed_at",
        "confirmed_by",
      ])
      .where("person_id", "=", personId)
      .orderBy("reported_at")
      .execute(),
  ]);
  return { interviews, offers };
}
