import { requireAdmin } from "~/features/accounts/sessions.server";
import {
  cohortRoster,
  findCohort,
  ROSTER_CSV_HEADER,
  rosterCsvRow,
} from "~/features/cohort/series.server";
import { recordAudit } from "~/features/accounts/audit.server";

import { toCsv } from "~/lib/csv";
import type { Route } from "./+types/cohort-roster-csv";
import { orNotFound } from "~/lib/or-not-found";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock } = context.services;
  const cohort = orNotFound(await findCohort(db, params.id));
  const roster = await cohortRoster(db, cohort.id);
  const now = clock.now();
  await recordAudit(
    db,
    admin.email,
    "cohort.export_roster",
    { cohortId: cohort.id, rows: roster.length },
    now,
  );
  const name = cohort.startDate ?? cohort.createdAt.slice(0, 10);
  return new Response(toCsv(ROSTER_CSV_HEADER, roster.map(rosterCsvRow)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="roster-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
