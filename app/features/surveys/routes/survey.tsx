import { parseWithZod } from "@conform-to/zod/v4";
import { SurveyForm } from "~/features/surveys/survey-form";
import { portalMeta } from "~/features/portal/portal.words";
import { surveyPage as t } from "~/features/surveys/survey.words";
import { surveyAnswerSchema } from "~/features/surveys/survey";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requireStudent } from "~/features/portal/student-access.server";
import { answerSurvey, SURVEY_PATH, surveyFor } from "~/features/surveys/surveys.server";
import type { Route } from "./+types/survey";
import { PortalPageHeading } from "~/components/portal-shell";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/survey: the end-of-programme survey, once its email has gone out; one answer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "survey");
  const survey = await surveyFor(context.services.db, student.personId);
  return { state: !survey ? "none" : survey.answered ? "answered" : "open" } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "survey");
  const submission = parseWithZod(await readFormData(request), { schema: surveyAnswerSchema });
  if (!(await limitFormPost(context, "portal-survey", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const outcome = await answerSurvey(context.services, student.personId, submission.value);
  if (outcome !== "answered")
    return refuse(submission, { message: t.errors[outcome], field: "score", status: 409 });
  return redirectWithToast(
    context,
    SURVEY_PATH,
    success(t.sentToast.title, t.sentToast.description),
  );
}

export default function Survey({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = loaderData;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title}>
        {state === "open" && <p className="mt-2 text-slate-700">{t.intro}</p>}
      </PortalPageHeading>
      {state === "open" ? (
        <SurveyForm lastResult={actionData?.result} />
      ) : (
        <p className="text-slate-700" data-survey-state={state}>
          {state === "answered" ? t.answered : t.none}
        </p>
      )}
    </div>
  );
}
