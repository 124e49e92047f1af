import { requireStudent } from "~/features/portal/student-access.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { studentZone } from "../job-search.server";
import { writeTrackerXlsx, XLSX_CONTENT_TYPE } from "../tracker-file.server";
import { exportApplications } from "../tracker-import.server";
import { trackerRowOf } from "../tracker-rows";
import type { Route } from "./+types/export";

/** /portal/applications.xlsx: the student's applications in the tracker's columns. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "applications");
  const { services } = context;
  const reader = await studentZone(
    services,
    student.personId,
    readBrowserZone(request, context.secure),
  );
  const applications = await exportApplications(services.db, student.personId, reader.zone);
  const body = await writeTrackerXlsx(applications.map(trackerRowOf));
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": XLSX_CONTENT_TYPE,
      "Content-Disposition": 'attachment; filename="applications.xlsx"',
      "Cache-Control": "private, no-store",
    },
  });
}
