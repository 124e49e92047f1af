import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/features/portal/portal.words";
import { requireStudent } from "~/features/portal/student-access.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { ApplicationBoard } from "../application-board";
import { AddApplicationForm } from "../application-forms";
import { addApplicationSchema, MAX_APPLICATIONS } from "../job-search-forms";
import { addApplication, listApplications } from "../job-search.server";
import { jobSearchText as t } from "../job-search.words";
import type { Route } from "./+types/applications";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const APPLICATIONS_PATH = "/portal/applications";

/** /portal/applications: the student's applications by stage, and a form to add one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "applications");
  const rows = await listApplications(context.services.db, student.personId);
  return {
    applications: rows.map((row) => ({
      id: row.id,
      firm: row.firm,
      role: row.role,
      track: row.track,
      location: row.location,
      deadline: row.deadline,
      stage: row.stage,
      round: row.round,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "applications");
  const submission = parseWithZod(await readFormData(request), { schema: addApplicationSchema });
  if (!(await limitFormPost(context, "portal-applications", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const outcome = await addApplication(context.services, student.personId, submission.value);
  if (outcome === "too_many")
    return refuse(submission, {
      message: t.errors.tooMany(MAX_APPLICATIONS),
      form: true,
      status: 409,
    });
  return redirectWithToast(context, APPLICATIONS_PATH, success(t.added.title, t.added.description));
}

export default function Applications({ loaderData, actionData }: Route.ComponentProps) {
  const { applications } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-2 text-slate-700">{t.intro}</p>
        <p className="mt-2 text-sm text-slate-700">
          {t.count(applications.length, MAX_APPLICATIONS)}
        </p>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
          <Link to={`${APPLICATIONS_PATH}/import`} className={linkVariants()}>
            {t.importLink}
          </Link>
          {applications.length > 0 && (
            <a href={`${APPLICATIONS_PATH}.xlsx`} className={linkVariants()} download>
              {t.exportLink}
            </a>
          )}
        </p>
      </div>
      {applications.length === 0 && <p className="text-slate-700">{t.empty}</p>}
      <ApplicationBoard applications={applications} />
      <SectionCard title={t.addHeading}>
        <AddApplicationForm lastResult={actionData?.result} />
      </SectionCard>
    </div>
  );
}
