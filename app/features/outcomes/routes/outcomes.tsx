import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import {
  CohortOutcomesTable,
  MentorOutcomesTable,
  OutcomeSettingsCard,
} from "~/features/outcomes/outcomes-tables";
import { linkVariants } from "~/components/ui/link";
import { outcomesText as t } from "~/features/outcomes/outcomes.words";
import { outcomesFormSchema } from "~/features/outcomes/outcome-settings";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { saveOutcomeSettings } from "~/features/outcomes/facts.server";
import { outcomesReport } from "~/features/outcomes/report.server";
import type { Route } from "./+types/outcomes";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/outcomes: per cohort and per mentor, every figure of the outcomes report. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, config } = context.services;
  return outcomesReport(db, config.siteTimeZone);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, outcomesFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const { minGroupSessions, minOneOnOnes, minAssignments } = submission.value;
  await saveOutcomeSettings(context.services, admin.email, {
    minGroupSessions,
    minOneOnOnes,
    minAssignments,
  });
  return redirectWithToast(context, samePage(request), success(t.settings.saved));
}

export default function Outcomes({ loaderData }: Route.ComponentProps) {
  const { cohorts, mentors, settings } = loaderData;
  return (
    <AdminPage title={t.title}>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      <p className="mt-3">
        <a
          href="/admin/outcomes.csv?cohort=all"
          className={linkVariants({ weight: "medium", size: "sm" })}
          download
        >
          {t.download}
        </a>
      </p>
      <h2 className="mt-8 text-xl font-semibold text-brand-900">{t.byCohort}</h2>
      <CohortOutcomesTable cohorts={cohorts} />
      <h2 className="mt-8 text-xl font-semibold text-brand-900">{t.byMentor}</h2>
      <MentorOutcomesTable mentors={mentors} />
      <OutcomeSettingsCard settings={settings} />
    </AdminPage>
  );
}
