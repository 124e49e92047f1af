import type { DB } from "~/db/database.server";
import { rosterOf } from "~/features/attendance/marker.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import type { Stage } from "./stages";
import { withCurrentMove } from "./job-search.server";
import { PROGRAMME_WEEKS } from "~/features/portal/onboarding";
import {
  assembleJobSearch,
  weekBounds,
  type ReportApplication,
  type ReportMove,
  type ReportStudent,
  type StudentTally,
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

/**
 * The "Job search" section of the owner's cohort page, counted by the database: applications by
 * current stage and track, and per student the sent applications per programme week and their
 * first sent, interview and offer dates. It equals `cohortJobSearch` on the same rows
 * (cohort-report.db.test.ts), without reading thousands of rows into the page.
 */
export async function cohortJobSearchReport(
  db: DB,
  cohort: { id: string; startDate: string | null },
  siteZone: string,
) {
  const bounds = weekBounds(cohort.startDate, siteZone);
  const [students, counts, tallies] = await Promise.all([
    reportStudents(db, cohort.id),
    withCurrentMove(db)
      .select((eb) => ["m.to_stage", "a.track", eb.fn.countAll().as("count")])
      .where("a.person_id", "in", paidStudents(db, cohort.id))
      .groupBy(["m.to_stage", "a.track"])
      .execute(),
    studentTallies(db, cohort.id, bounds),
  ]);
  return assembleJobSearch({
    students,
    counts: counts.map((c) => ({ stage: c.to_stage, track: c.track, count: Number(c.count) })),
    tallies,
  });
}

/**
 * Per student, their applications counted in SQL as `tallyStudents` counts them, from the first
 * dates each application's row keeps (decision 0068): no history is grouped. An application is
 * sent at its first move to Applied, else at the earlier of its first Interview and first Offer;
 * written with CASE because SQLite's min() and PostgreSQL's least() treat NULL differently. The
 * dates are ISO text in UTC, compared as text with the weeks' bounds.
 */
async function studentTallies(db: DB, cohortId: string, bounds: readonly string[]) {
  const rows = await db
    .selectFrom(
      db
        .selectFrom("job_applications as a")
        .select((eb) => [
          "a.person_id",
          "a.first_interview_at as interview",
          "a.first_offer_at as offer",
          eb.fn
            .coalesce(
              "a.first_applied_at",
              eb
                .case()
                .when("a.first_interview_at", "is", null)
                .then(eb.ref("a.first_offer_at"))
                .when("a.first_offer_at", "is", null)
                .then(eb.ref("a.first_interview_at"))
                .when("a.first_interview_at", "<", eb.ref("a.first_offer_at"))
                .then(eb.ref("a.first_interview_at"))
                .else(eb.ref("a.first_offer_at"))
                .end(),
            )
            .as("sent"),
        ])
        .where("a.person_id", "in", paidStudents(db, cohortId))
        .as("s"),
    )
    .select((eb) => {
      const between = (from: string | null, until: string | null) => {
        const conditions = [eb("s.sent", "is not", null)];
        if (from !== null) conditions.push(eb("s.sent", ">=", from));
        if (until !== null) conditions.push(eb("s.sent", "<", until));
        return eb.fn.sum<number | string>(eb.case().when(eb.and(conditions)).then(1).else(0).end());
      };
      const weeks = Array.from({ length: PROGRAMME_WEEKS }, (_, i) =>
        bounds.length ? between(bounds[i]!, bounds[i + 1]!) : eb.val(0),
      );
      return [
        "s.person_id",
        eb.fn.countAll<number | string>().as("total"),
        eb.fn.count<number | string>("s.sent").as("sent"),
        (bounds.length ? between(null, bounds[0]!) : eb.val(0)).as("before"),
        (bounds.length ? between(bounds.at(-1)!, null) : between(null, null)).as("after"),
        ...weeks.map((week, i) => week.as(`w${i + 1}`)),
        eb.fn.min("s.sent").as("firstSent"),
        eb.fn.min("s.interview").as("firstInterview"),
        eb.fn.min("s.offer").as("firstOffer"),
      ];
    })
    .groupBy("s.person_id")
    .execute();
  return rows.map((row): StudentTally => {
    const byName = row as unknown as Record<string, number | string | null>;
    return {
      personId: row.person_id,
      total: Number(row.total),
      sent: Number(row.sent),
      before: Number(row.before),
      after: Number(row.after),
      weeks: Array.from({ length: PROGRAMME_WEEKS }, (_, i) => Number(byName[`w${i + 1}`])),
      firstSent: row.firstSent,
      firstInterview: row.firstInterview,
      firstOffer: row.firstOffer,
    };
  });
}

export type CohortJobSearchReport = Awaited<ReturnType<typeof cohortJobSearchReport>>;
