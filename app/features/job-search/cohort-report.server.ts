import type { DB } from "~/db/database.server";
import { rosterOf } from "~/features/attendance/marker.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import type { Stage } from "./stages";
import { withCurrentMove } from "./job-search.server";
import {
  cohortJobSearch,
  type ReportApplication,
  type ReportMove,
  type ReportStudent,
} from "./cohort-report";

/**
 * A cohort's job search as the owner reads it (issue 47, item 6): the paid students of the cohort,
 * their applications with the current stage, and every move of those applications. The
 * computation is pure (./cohort-report.ts); the page and the CSV read the same rows.
 */

/** The ids of the people holding a paid seat in the cohort, as a subquery. */
const paidStudents = (db: DB, cohortId: string) =>
  db
    .selectFrom("payments")
    .select("payments.person_id")
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat);

export async function cohortApplications(
  db: DB,
  cohortId: string,
): Promise<{
  students: ReportStudent[];
  applications: ReportApplication[];
  moves: ReportMove[];
}> {
  const [roster, applications, moves] = await Promise.all([
    rosterOf(db, cohortId, null),
    withCurrentMove(db)
      .select([
        "a.id",
        "a.person_id",
        "a.firm",
        "a.role",
        "a.track",
        "a.source",
        "a.created_at",
        "m.to_stage",
        "m.round",
      ])
      .where("a.person_id", "in", paidStudents(db, cohortId))
      .orderBy("a.created_at")
      .orderBy("a.id")
      .execute(),
    // Per application, only what `applicationDates` reads: its first moves to Applied, Interview
    // and Offer and its latest move, in one grouped row instead of its whole history.
    db
      .selectFrom("job_application_moves as m")
      .innerJoin("job_applications as a", "a.id", "m.application_id")
      .select((eb) => {
        const first = (stage: Stage) =>
          eb.fn.min(eb.case().when("m.to_stage", "=", stage).then(eb.ref("m.at")).end());
        return [
          "m.application_id",
          first("applied").as("applied"),
          first("interview").as("interview"),
          first("offer").as("offer"),
          eb.fn.max("m.at").as("last"),
        ];
      })
      .where("a.person_id", "in", paidStudents(db, cohortId))
      .groupBy("m.application_id")
      .execute(),
  ]);
  return {
    students: roster.map(({ personId, name, email }) => ({ personId, name, email })),
    applications: applications.map((a) => ({
      id: a.id,
      personId: a.person_id,
      firm: a.firm,
      role: a.role,
      track: a.track,
      source: a.source,
      stage: a.to_stage,
      round: a.round === null ? null : Number(a.round),
      createdAt: a.created_at,
    })),
    moves: moves.flatMap((m) => {
      const dated: ReportMove[] = [];
      const add = (at: string | null, to: Stage) =>
        at && dated.push({ applicationId: m.application_id, at, to });
      add(m.applied, "applied");
      add(m.interview, "interview");
      add(m.offer, "offer");
      // The latest move, whatever its stage: it dates the last activity.
      add(m.last, "wishlist");
      return dated;
    }),
  };
}

/** The "Job search" section of the owner's cohort page. */
export async function cohortJobSearchReport(
  db: DB,
  cohort: { id: string; startDate: string | null },
  siteZone: string,
) {
  const rows = await cohortApplications(db, cohort.id);
  return cohortJobSearch({ ...rows, startDate: cohort.startDate, siteZone });
}

export type CohortJobSearchReport = Awaited<ReturnType<typeof cohortJobSearchReport>>;
