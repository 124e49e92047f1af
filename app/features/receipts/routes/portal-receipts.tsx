import { Link } from "react-router";
import { PortalPageHeading } from "~/components/portal-shell";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/features/portal/portal.words";
import { requireStudent } from "~/features/portal/student-access.server";
import { ZoneNote } from "~/features/portal/zone-note";
import { studentZone } from "~/features/job-search/job-search.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { pageMeta } from "~/lib/meta";
import { formatDated } from "~/lib/time-zone";
import { formatCents } from "../receipt";
import { receiptsOf } from "../receipts.server";
import { portalReceiptsText as t } from "../receipts.words";
import type { Route } from "./+types/portal-receipts";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/receipts: the student's payments, each with its receipt, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "receipts");
  const { services } = context;
  const reader = await studentZone(
    services,
    student.personId,
    readBrowserZone(request, context.secure),
  );
  const receipts = await receiptsOf(services.db, student.personId);
  return {
    zone: reader.zone,
    zoneFrom: reader.from,
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      text: t.item(
        receipt.number,
        formatCents(receipt.amountCents),
        formatDated(new Date(receipt.paidAt), reader.zone),
      ),
      tag: receipt.refund === "none" ? null : t.refundTags[receipt.refund],
    })),
  };
}

export default function PortalReceipts({ loaderData }: Route.ComponentProps) {
  const { receipts } = loaderData;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title}>
        <p className="mt-2 text-slate-700">{t.intro}</p>
        <ZoneNote zone={loaderData.zone} from={loaderData.zoneFrom} />
      </PortalPageHeading>
      {receipts.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <ul aria-label={t.listLabel} className="space-y-3" data-receipts="">
          {receipts.map((receipt) => (
            <li key={receipt.id} className="wrap-anywhere">
              <Link to={`/portal/receipts/${receipt.id}`} className={linkVariants()}>
                {receipt.text}
              </Link>
              {receipt.tag && <span className="text-slate-700"> · {receipt.tag}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
