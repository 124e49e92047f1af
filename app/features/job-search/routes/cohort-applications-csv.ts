import { requireAdmin } from "~/features/accounts/sessions.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { findCohort } from "~/features/cohort/series.server";
import {
  APPLICATIONS_CSV_HEADER,
  applicationsCsvRows,
} from "~/features/job-search/applications-csv";
import { cohortApplications } from "~/features/job-search/cohort-report.server";
import { toCsv } from "~/lib/csv";
import { orNotFound } from "~/lib/or-not-found";
import type { Route } from "./+types/cohort-applications-csv";

/** /admin/cohorts/:id/applications.csv: one row per application of the cohort's paid students (audited). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock } = context.services;
  const cohort = orNotFound(await findCohort(db, params.id));
  const { students, applications, moves } = await cohortApplications(db, cohort.id);
  const rows = applicationsCsvRows(students, applications, moves);
  await recordAudit(
    db,
    admin.email,
    "cohort.export_applications",
    { cohortId: cohort.id, rows: rows.length },
    clock.now(),
  );
  const name = cohort.startDate ?? cohort.createdAt.slice(0, 10);
  return new Response(toCsv(APPLICATIONS_CSV_HEADER, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="applications-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
