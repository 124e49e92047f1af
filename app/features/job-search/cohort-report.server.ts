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

/**
 * Per application of the cohort's paid students, only what `applicationDates` reads: its first
 * moves to Applied, Interview and Offer and its latest move, in one grouped row instead of its
 * whole history.
 */
const historyDates = (db: DB, cohortId: string) =>
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
    .groupBy("m.application_id");

interface HistoryDates {
  application_id: string;
  applied: string | null;
  interview: string | null;
  offer: string | null;
  last: string | null;
}

/** The grouped dates as the moves `applicationDates` reads. */
const asMoves = (rows: readonly HistoryDates[]): ReportMove[] =>
  rows.flatMap((m) => {
    const dated: ReportMove[] = [];
    const add = (at: string | null, to: Stage) =>
      at && dated.push({ applicationId: m.application_id, at, to });
    add(m.applied, "applied");
    add(m.interview, "interview");
    add(m.offer, "offer");
    // The latest move, whatever its stage: it dates the last activity.
    add(m.last, "wishlist");
    return dated;
  });

const reportStudents = async (db: DB, cohortId: string): Promise<ReportStudent[]> =>
  (await rosterOf(db, cohortId, null)).map(({ personId, name, email }) => ({
    personId,
    name,
    email,
  }));

/** Every application of the cohort's students with its words and dates: the CSV's rows. */
export async function cohortApplications(
  db: DB,
  cohortId: string,
): Promise<{
  students: ReportStudent[];
  applications: ReportApplication[];
  moves: ReportMove[];
}> {
  const [students, applications, dates] = await Promise.all([
    reportStudents(db, cohortId),
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
    historyDates(db, cohortId).execute(),
  ]);
  return {
    students,
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
    moves: asMoves(dates),
  };
}

/** The "Job search" section of the owner's cohort page. */
export async function cohortJobSearchReport(
  db: DB,
  cohort: { id: string; startDate: string | null },
  siteZone: string,
) {
  // The section reads no words: one row per application, its current stage and its dates.
  const [students, rows] = await Promise.all([
    reportStudents(db, cohort.id),
    withCurrentMove(db)
      .innerJoin(historyDates(db, cohort.id).as("d"), "d.application_id", "a.id")
      .select([
        "a.person_id",
        "a.track",
        "m.to_stage",
        "d.application_id",
        "d.applied",
        "d.interview",
        "d.offer",
        "d.last",
      ])
      .execute(),
  ]);
  return cohortJobSearch({
    students,
    applications: rows.map((r) => ({
      id: r.application_id,
      personId: r.person_id,
      track: r.track,
      stage: r.to_stage,
    })),
    moves: asMoves(rows),
    startDate: cohort.startDate,
    siteZone,
  });
}

export type CohortJobSearchReport = Awaited<ReturnType<typeof cohortJobSearchReport>>;
