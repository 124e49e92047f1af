import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { errorToast, success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { PlanSettingsForm } from "~/features/payment-plans/plan-settings-form";
import { planSettingsSchema, surchargeCents } from "~/features/payment-plans/plan-rules";
import { readPlanSettings, savePlanSettings } from "~/features/payment-plans/plan-settings.server";
import { decidePlan } from "~/features/payment-plans/plan-owner.server";
import { planConsole, planSettingsPage as t } from "~/features/payment-plans/plans.words";
import type { Route } from "./+types/plan-settings";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/payment-plan: the owner's plan terms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { settings: await readPlanSettings(context.services.db) };
}

/** Saves the terms; or the owner's decision on a plan past its last retry (from the person page). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, planSettingsSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const { services } = context;
  if (form.intent === "save") {
    const settings = {
      enabled: form.enabled === "on",
      count: form.payments,
      surchargeCents: surchargeCents(form.surcharge),
    };
    await savePlanSettings(services.db, settings, services.clock.now().toISOString());
    return redirectWithToast(context, samePage(request), success(t.saved));
  }
  const decided = await decidePlan(services, admin, form.id, form.intent);
  const back = decided.personId ? `/admin/people/${decided.personId}` : samePage(request);
  switch (decided.kind) {
    case "decided":
      return redirectWithToast(
        context,
        back,
        success(form.intent === "keep" ? planConsole.kept : planConsole.withdrawn),
      );
    case "provider_failed":
      return redirectWithToast(context, back, errorToast(cohortConsole.providerFailed));
    default:
      return redirectWithToast(context, back, errorToast(planConsole.notDeciding));
  }
}

export default function PlanSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={t.title}>
      <PlanSettingsForm settings={loaderData.settings} />
    </AdminPage>
  );
}
