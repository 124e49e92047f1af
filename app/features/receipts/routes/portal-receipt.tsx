import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { PortalPageHeading } from "~/components/portal-shell";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/features/portal/portal.words";
import { requireStudent } from "~/features/portal/student-access.server";
import { ZoneNote } from "~/features/portal/zone-note";
import { studentZone } from "~/features/job-search/job-search.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { notFound, orNotFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { billingSchema } from "../billing-form";
import { ReceiptDetailsForm } from "../receipt-details-form";
import { ReceiptView } from "../receipt-view";
import { loadReceipt, saveBilling } from "../receipts.server";
import { portalReceiptsText as t } from "../receipts.words";
import type { Route } from "./+types/portal-receipt";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data ? t.pageTitle(data.receipt.number) : t.title, portalMeta.description);

const LIST = "/portal/receipts";

/**
 * /portal/receipts/:id: the receipt of one of the student's payments, its PDF, and the details
 * they add to it (who paid, a company or university, a billing address). Someone else's payment
 * is not there for them (404).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "receipts");
  const { services } = context;
  const reader = await studentZone(
    services,
    student.personId,
    readBrowserZone(request, context.secure),
  );
  const found = orNotFound(
    await loadReceipt(services, params.id, { personId: student.personId, zone: reader.zone }),
  );
  return {
    receipt: found.receipt,
    paymentId: found.facts.id,
    zone: reader.zone,
    zoneFrom: reader.from,
    studentName: found.facts.personName || found.facts.email,
    values: {
      payerName: found.billing.payerName ?? "",
      organization: found.billing.organization ?? "",
      address: found.billing.address ?? "",
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "receipts");
  const submission = parseWithZod(await readFormData(request), { schema: billingSchema });
  if (!(await limitFormPost(context, "portal-receipt", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  if (!(await saveBilling(context.services, student.personId, params.id, submission.value)))
    notFound();
  return redirectWithToast(
    context,
    `${LIST}/${encodeURIComponent(params.id)}`,
    success(t.saved.title, t.saved.description),
  );
}

export default function PortalReceipt({ loaderData, actionData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.pageTitle(receipt.number)}>
        <p className="mt-2">
          <Link to={LIST} className={linkVariants()}>
            {t.back}
          </Link>
        </p>
        <ZoneNote zone={loaderData.zone} from={loaderData.zoneFrom} />
      </PortalPageHeading>
      <ReceiptView receipt={receipt} />
      <p className="flex flex-wrap gap-x-4 gap-y-2">
        <a
          href={`${LIST}/${encodeURIComponent(loaderData.paymentId)}.pdf`}
          className={linkVariants()}
          download
        >
          {t.download}
        </a>
        <span className="text-sm text-slate-700">{t.print}</span>
      </p>
      <SectionCard title={t.formTitle}>
        <p className="mb-4 text-sm text-slate-700">{t.formIntro}</p>
        <ReceiptDetailsForm
          values={loaderData.values}
          studentName={loaderData.studentName}
          lastResult={actionData?.result}
        />
      </SectionCard>
    </div>
  );
}
