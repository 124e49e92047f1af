import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { SectionCard } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/features/portal/portal.words";
import { requireStudent } from "~/features/portal/student-access.server";
import { ZoneNote } from "~/features/portal/zone-note";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { notFound, orNotFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { EditApplicationForm, MoveForm } from "../application-forms";
import { ApplicationHistory } from "../application-history";
import { applicationFormSchema } from "../job-search-forms";
import {
  deleteApplication,
  editApplication,
  moveApplication,
  studentZone,
} from "../job-search.server";
import { readApplication } from "../application-history.server";
import { applicationText as a, jobSearchText as t, stageName } from "../job-search.words";
import { refuseMove } from "../move-reply.server";
import { dateInZone } from "~/lib/time-zone";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data ? `${data.application.firm}: ${data.application.role}` : t.title,
    portalMeta.description,
  );

const LIST = "/portal/applications";

/** /portal/applications/:id: one of the student's applications, its history, and its forms. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "applications");
  const { services } = context;
  const reader = await studentZone(
    services,
    student.personId,
    readBrowserZone(request, context.secure),
  );
  const view = orNotFound(
    await readApplication(services, student.personId, params.id, reader.zone),
  );
  const { application: row } = view;
  return {
    ...view,
    today: dateInZone(services.clock.now(), services.config.siteTimeZone),
    zone: reader.zone,
    zoneFrom: reader.from,
    values: {
      firm: row.firm,
      role: row.role,
      track: row.track ?? "",
      url: row.url ?? "",
      location: row.location ?? "",
      deadline: row.deadline ?? "",
      source: row.source,
      contact: row.contact ?? "",
      nextStep: row.next_step ?? "",
      notes: row.notes ?? "",
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "applications");
  const { services } = context;
  const today = dateInZone(services.clock.now(), services.config.siteTimeZone);
  const schema = applicationFormSchema(today);
  const submission = parseWithZod(await readFormData(request), { schema });
  if (!(await limitFormPost(context, "portal-application", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const here = `${LIST}/${params.id}`;
  if (form.intent === "delete") {
    const deleted = await deleteApplication(services.db, student.personId, params.id);
    if (deleted === "not_found") notFound();
    if (deleted === "holds") return refuse(submission, { message: a.holdsOutcomes, status: 409 });
    return redirectWithToast(context, LIST, success(a.deleted.title, a.deleted.description));
  }
  if (form.intent === "edit") {
    if (!(await editApplication(services, student.personId, params.id, form))) notFound();
    return redirectWithToast(context, here, success(a.saved.title, a.saved.description));
  }
  const outcome = await moveApplication(services, student.personId, params.id, form);
  if (outcome.kind === "not_found") notFound();
  if (outcome.kind !== "moved") return refuseMove(submission, outcome.kind);
  const toast = a.moved(stageName(outcome.stage, outcome.round));
  return redirectWithToast(context, here, success(toast.title, toast.description));
}

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { application: row, history, nextStages, suggestedRound, values } = loaderData;
  const result = actionData?.result ?? null;
  const intent = (result?.initialValue as { intent?: unknown } | undefined)?.intent;
  return (
    <div className="space-y-6">
      <div>
        <Link to={LIST} className={linkVariants({ size: "sm" })}>
          {a.back}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">{row.firm}</h1>
        <p className="mt-1 text-lg text-slate-800">{row.role}</p>
        <p className="mt-2 font-medium text-slate-900" data-current-stage={row.stage}>
          {a.current(stageName(row.stage, row.round))}
        </p>
        {row.url && (
          <p className="mt-2">
            <a
              href={row.url}
              className={linkVariants()}
              rel="noopener noreferrer nofollow"
              target="_blank"
            >
              {a.postingLink}
            </a>
          </p>
        )}
      </div>
      <SectionCard title={a.moveHeading}>
        {nextStages.length === 0 ? (
          <p className="text-slate-700">{a.noMoves}</p>
        ) : (
          <MoveForm
            key={row.move_id}
            moveId={row.move_id}
            targets={nextStages}
            round={suggestedRound}
            today={loaderData.today}
            lastResult={intent === "move" ? result : null}
          />
        )}
      </SectionCard>
      <SectionCard title={a.historyHeading}>
        <ZoneNote zone={loaderData.zone} from={loaderData.zoneFrom} />
        <ApplicationHistory history={history} reader="student" />
        <p className="mt-3">
          <Link to="/portal/interviews" className={linkVariants({ size: "sm" })}>
            {a.outcomesLink}
          </Link>
        </p>
      </SectionCard>
      <SectionCard title={a.editHeading}>
        <EditApplicationForm values={values} lastResult={intent === "edit" ? result : null} />
      </SectionCard>
      <SectionCard title={a.deleteHeading}>
        <p className="text-sm text-slate-700">{a.deleteHint}</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" size="touch" variant="danger">
            {a.delete}
          </Button>
        </Form>
      </SectionCard>
    </div>
  );
}
