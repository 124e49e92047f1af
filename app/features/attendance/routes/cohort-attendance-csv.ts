import { requireAdmin } from "~/features/accounts/sessions.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { cohortGrid } from "~/features/attendance/grid.server";
import { findCohort } from "~/features/cohort/series.server";
import { ATTENDANCE_CSV_HEADER, attendanceCsvRow } from "~/features/attendance/attendance";
import { toCsv } from "~/lib/csv";
import { orNotFound } from "~/lib/or-not-found";
import type { Route } from "./+types/cohort-attendance-csv";

/** /admin/cohorts/:id/attendance.csv: the attendance grid, one row per student (audited). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock } = context.services;
  const cohort = orNotFound(await findCohort(db, params.id));
  const { rows } = await cohortGrid(context.services, cohort.id);
  await recordAudit(
    db,
    admin.email,
    "cohort.export_attendance",
    { cohortId: cohort.id, rows: rows.length },
    clock.now(),
  );
  const name = cohort.startDate ?? cohort.createdAt.slice(0, 10);
  return new Response(toCsv(ATTENDANCE_CSV_HEADER, rows.map(attendanceCsvRow)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="attendance-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
