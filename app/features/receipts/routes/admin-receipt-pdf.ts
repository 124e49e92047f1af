import { requireAdmin } from "~/features/accounts/sessions.server";
import { plainNotFound } from "~/lib/or-not-found";
import { receiptPdfResponse } from "../receipt-pdf.server";
import { loadReceipt } from "../receipts.server";
import type { Route } from "./+types/admin-receipt-pdf";

/** /admin/payments/:id/receipt.pdf: the owner's copy of a receipt as a PDF, in the site's zone. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { services } = context;
  const found = await loadReceipt(services, params.id, {
    personId: null,
    zone: services.config.siteTimeZone,
  });
  return found ? receiptPdfResponse(found.receipt) : plainNotFound();
}
