/**
 * The owner's CSV of a cohort's applications (/admin/cohorts/:id/applications.csv): one row per
 * application with its current stage and the dates of its history, as the report reads them.
 */
import {
  applicationDates,
  type ReportApplication,
  type ReportMove,
  type ReportStudent,
} from "./cohort-report";

/** The CSV's columns, in order. */
export const APPLICATIONS_CSV_HEADER = [
  "student",
  "email",
  "firm",
  "role",
  "track",
  "source",
  "stage",
  "round",
  "created",
  "applied",
  "first_interview",
  "offer",
  "last_move",
] as const;

const isoDate = (instant: string | null) =>
  instant ? new Date(instant).toISOString().slice(0, 10) : "";

/** One row per application, students in the order given; dates are UTC calendar dates. */
export function applicationsCsvRows(
  students: readonly ReportStudent[],
  applications: readonly ReportApplication[],
  moves: readonly ReportMove[],
): string[][] {
  const dates = applicationDates(moves);
  return students.flatMap((student) =>
    applications
      .filter((a) => a.personId === student.personId)
      .map((a) => {
        const d = dates.get(a.id);
        return [
          student.name,
          student.email,
          a.firm,
          a.role,
          a.track ?? "",
          a.source,
          a.stage,
          a.round === null ? "" : String(a.round),
          isoDate(a.createdAt),
          isoDate(d?.sent ?? null),
          isoDate(d?.firstInterview ?? null),
          isoDate(d?.offer ?? null),
          isoDate(d?.lastMove ?? null),
        ];
      }),
  );
}
