import { data } from "react-router";
import { z } from "~/lib/zod";
import { requireAdmin } from "~/admin/sessions.server";
import { createCohort, listCohorts, makeCurrent } from "~/cohort/series.server";
import { AdminPage } from "~/components/admin-shell";
import { CohortTable, NewCohortCard } from "~/components/admin/cohort-list";
import { cohortConsole as t } from "~/content/cohorts";
import { newCohortSchema } from "~/domain/cohort-settings";
import { adminMeta } from "~/lib/meta";
import { errorToast, success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/cohorts";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { cohorts: await listCohorts(context.services.db, context.services.clock.now()) };
}

const MakeCurrent = z.object({ intent: z.literal("make_current"), id: z.string().min(1) });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "make_current") {
    const parsed = MakeCurrent.safeParse(form);
    const outcome = parsed.success
      ? await makeCurrent(context.services, admin.email, parsed.data.id)
      : "not_found";
    if (outcome === "not_found") throw data(null, { status: 404 });
    const message = outcome === "made_current" ? t.madeCurrent : t.alreadyCurrent;
    return redirectWithToast(context, samePage(request), success(message));
  }
  const parsed = newCohortSchema.safeParse(form);
  if (!parsed.success) {
    const errors = z.flattenError(parsed.error).fieldErrors;
    const first = parsed.error.issues[0]?.message ?? t.capacity;
    return data({ errors, toast: errorToast(first) }, { status: 400 });
  }
  await createCohort(context.services, admin.email, parsed.data);
  return redirectWithToast(context, samePage(request), success(t.created));
}

export default function Cohorts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title={t.title}>
      <CohortTable cohorts={loaderData.cohorts} />
      <NewCohortCard errors={actionData?.errors} />
    </AdminPage>
  );
}
