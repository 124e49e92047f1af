import { requireStudent } from "~/features/portal/student-access.server";
import { studentZone } from "~/features/job-search/job-search.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { plainNotFound } from "~/lib/or-not-found";
import { receiptPdfResponse } from "../receipt-pdf.server";
import { loadReceipt } from "../receipts.server";
import type { Route } from "./+types/portal-receipt-pdf";

/**
 * /portal/receipts/:id.pdf: the receipt as a PDF, times in the student's zone as on the page.
 * React Router reads the segment ":id.pdf" as the parameter `id` followed by the literal ".pdf".
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "receipts");
  const { services } = context;
  const reader = await studentZone(
    services,
    student.personId,
    readBrowserZone(request, context.secure),
  );
  const found = await loadReceipt(services, params.id, {
    personId: student.personId,
    zone: reader.zone,
  });
  return found ? receiptPdfResponse(found.receipt) : plainNotFound();
}
