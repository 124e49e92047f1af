import { AdminPage } from "~/components/admin-shell";
import { SectionCard } from "~/components/ui/card";
import { site } from "~/content/site";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { businessSchema } from "../billing-form";
import { BusinessForm } from "../business-form";
import { businessDetails, saveBusinessDetails } from "../business.server";
import { addressLines } from "../receipt";
import { businessText as t } from "../receipts.words";
import type { Route } from "./+types/business";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/business: the legal name and postal address every receipt prints (decision 0069). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { business: await businessDetails(context.services.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, businessSchema);
  if (submission.status !== "success") return refuse(submission);
  await saveBusinessDetails(context.services, admin.email, submission.value);
  return redirectWithToast(context, samePage(request), success(t.saved));
}

export default function Business({ loaderData }: Route.ComponentProps) {
  const { business } = loaderData;
  return (
    <AdminPage title={t.title}>
      <div className="max-w-3xl space-y-6">
        <p className="text-slate-700">{t.intro}</p>
        <SectionCard title={t.current}>
          {business ? (
            <p data-business="">
              {[business.legalName, ...addressLines(business.address)].map((line, index) => (
                <span key={index} className={index === 0 ? "block font-semibold" : "block"}>
                  {line}
                </span>
              ))}
            </p>
          ) : (
            <p data-business="">{t.notSet(site.name)}</p>
          )}
        </SectionCard>
        <BusinessForm
          values={{ legalName: business?.legalName ?? "", address: business?.address ?? "" }}
        />
      </div>
    </AdminPage>
  );
}
