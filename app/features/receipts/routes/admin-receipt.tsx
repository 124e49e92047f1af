import { Link } from "react-router";
import { AdminPage } from "~/components/admin-shell";
import { linkVariants } from "~/components/ui/link";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { adminMeta } from "~/lib/meta";
import { orNotFound } from "~/lib/or-not-found";
import { ReceiptView } from "../receipt-view";
import { loadReceipt } from "../receipts.server";
import { adminReceiptText as t, receiptText } from "../receipts.words";
import type { Route } from "./+types/admin-receipt";

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? t.title(data.receipt.number) : receiptText.title);

/** /admin/payments/:id/receipt: the owner's copy of any payment's receipt, in the site's zone. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { services } = context;
  const found = orNotFound(
    await loadReceipt(services, params.id, { personId: null, zone: services.config.siteTimeZone }),
  );
  return {
    receipt: found.receipt,
    paymentId: found.facts.id,
    personId: found.personId,
    personName: found.facts.personName || found.facts.email,
  };
}

export default function AdminReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt, personId, paymentId } = loaderData;
  return (
    <AdminPage title={t.title(receipt.number)}>
      <div className="max-w-3xl space-y-6">
        {personId && (
          <p>
            <Link to={`/admin/people/${personId}`} className={linkVariants()}>
              {t.back(loaderData.personName)}
            </Link>
          </p>
        )}
        <ReceiptView receipt={receipt} />
        <p className="flex flex-wrap gap-x-4 gap-y-2">
          <a
            href={`/admin/payments/${encodeURIComponent(paymentId)}/receipt.pdf`}
            className={linkVariants()}
            download
          >
            {t.download}
          </a>
          <span className="text-sm text-slate-700">
            {t.businessNote}{" "}
            <Link to="/admin/business" className={linkVariants({ size: "sm" })}>
              {t.businessLink}
            </Link>
            .
          </span>
        </p>
      </div>
    </AdminPage>
  );
}
