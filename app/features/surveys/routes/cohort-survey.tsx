import { Link } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { findCohort } from "~/features/cohort/series.server";
import { AdminPage } from "~/components/admin-shell";
import { cohortName } from "~/features/cohort/cohort-list";
import { CohortSurveyCards } from "~/features/surveys/cohort-survey";
import { linkVariants } from "~/components/ui/link";
import { surveyConsole as t } from "~/features/surveys/survey.words";
import { adminMeta } from "~/lib/meta";
import { orNotFound } from "~/lib/or-not-found";
import { cohortSurvey } from "~/features/surveys/surveys.server";
import type { Route } from "./+types/cohort-survey";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/cohorts/:id/survey: the cohort's end-of-programme survey, NPS per cohort and mentor. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const cohort = orNotFound(await findCohort(db, params.id));
  return {
    cohort: { id: cohort.id, startDate: cohort.startDate },
    survey: await cohortSurvey(db, cohort.id),
  };
}

export default function CohortSurveyPage({ loaderData }: Route.ComponentProps) {
  const { cohort, survey } = loaderData;
  return (
    <AdminPage title={t.pageTitle(cohortName(cohort.startDate))}>
      <p>
        <Link to={`/admin/cohorts/${cohort.id}`} className={linkVariants()}>
          {t.back}
        </Link>
      </p>
      <p className="mt-2 text-slate-700">{t.intro}</p>
      <div className="mt-6">
        <CohortSurveyCards survey={survey} />
      </div>
    </AdminPage>
  );
}
