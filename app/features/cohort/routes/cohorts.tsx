import { notFound } from "~/lib/or-not-found";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { createCohort, listCohorts, makeCurrent } from "~/features/cohort/series.server";
import { AdminPage } from "~/components/admin-shell";
import { CohortTable, NewCohortCard } from "~/features/cohort/cohort-list";
import { cohortConsole as t } from "~/features/cohort/cohorts.words";
import { cohortsFormSchema } from "~/features/cohort/cohort-forms";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/cohorts";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    cohorts: await listCohorts(
      context.services.db,
      context.services.clock.now(),
      context.services.config.siteTimeZone,
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, cohortsFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  if (form.intent === "make_current") {
    const outcome = await makeCurrent(context.services, admin.email, form.id);
    if (outcome === "not_found") notFound();
    const message = outcome === "made_current" ? t.madeCurrent : t.alreadyCurrent;
    return redirectWithToast(context, samePage(request), success(message));
  }
  await createCohort(context.services, admin.email, form);
  return redirectWithToast(context, samePage(request), success(t.created));
}

export default function Cohorts({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={t.title}>
      <CohortTable cohorts={loaderData.cohorts} />
      <NewCohortCard />
    </AdminPage>
  );
}
