import { parseWithZod } from "@conform-to/zod/v4";
import { PortalPageHeading } from "~/components/portal-shell";
import { SectionCard } from "~/components/ui/card";
import { portalMeta } from "~/features/portal/portal.words";
import { requireStudent } from "~/features/portal/student-access.server";
import { ZoneNote } from "~/features/portal/zone-note";
import { docxRefusal } from "~/features/uploads/docx-check.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { isWeek, LIMITS } from "../coursework";
import { weekText as t } from "../coursework.words";
import { submitWork, type WorkInput } from "../submissions.server";
import { workProblem, workSchema } from "../week-forms";
import { openAssignment, studentWeek } from "../week-page.server";
import { AssignmentCard, Material, WeekNav } from "../week-view";
import type { Route } from "./+types/week";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data ? t.title(data.week, data.title) : portalMeta.title, portalMeta.description);

const weekOf = (param: string | undefined) => {
  const week = Number(param);
  if (!isWeek(week)) notFound();
  return week;
};

/** /portal/weeks/:week: the week's material and assignments, and the student's work on them. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "weeks");
  const week = weekOf(params.week);
  const page = await studentWeek(
    context.services,
    student.personId,
    week,
    readBrowserZone(request, context.secure),
  );
  if (!page) notFound();
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "weeks");
  weekOf(params.week);
  const submission = parseWithZod(await readFormData(request), { schema: workSchema });
  if (!(await limitFormPost(context, "portal-coursework", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const { services } = context;
  const found = await openAssignment(services, student.personId, form.assignmentId);
  if (!found) return refuse(submission, { message: t.errors.assignment, form: true, status: 404 });
  const problem = workProblem(found.assignment.kind, form);
  if (problem) return refuse(submission, problem);
  let work: WorkInput;
  if (found.assignment.kind === "docx") {
    const bytes = new Uint8Array(await form.file!.arrayBuffer());
    // The same content checks as the resume review's (decision 0020).
    const message = await docxRefusal(bytes, "coursework file refused");
    if (message) return refuse(submission, { field: "file", message });
    work = { kind: "docx", file: { name: form.file!.name, bytes } };
  } else if (found.assignment.kind === "link") work = { kind: "link", url: form.url! };
  else work = { kind: "text", body: form.body! };
  const saved = await submitWork(
    services.db,
    { personId: student.personId, cohortId: found.cohortId },
    found.assignment.id,
    work,
    services.clock.now(),
  );
  if (saved.kind === "full")
    return refuse(submission, { message: t.full(LIMITS.versions), form: true, status: 409 });
  const toast = t.saved(saved.version);
  return redirectWithToast(
    context,
    `/portal/weeks/${found.week}`,
    success(toast.title, toast.description),
  );
}

export default function Week({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const result = actionData?.result ?? null;
  const posted = (result?.initialValue as { assignmentId?: unknown } | undefined)?.assignmentId;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title(page.week, page.title)}>
        <ZoneNote zone={page.zone} from={page.zoneFrom} />
      </PortalPageHeading>
      <WeekNav weeks={page.weeks} current={page.week} />
      {page.open ? (
        <>
          <SectionCard title={page.title}>
            <Material week={page} />
          </SectionCard>
          <h2 className="text-2xl font-semibold text-brand-900">{t.assignmentsHeading}</h2>
          {page.assignments.length === 0 && <p className="text-slate-800">{t.noAssignments}</p>}
          {page.assignments.map((assignment) => (
            <AssignmentCard
              key={assignment.id}
              assignment={assignment}
              lastResult={posted === assignment.id ? result : null}
            />
          ))}
        </>
      ) : (
        <p className="text-slate-800" data-week-closed="">
          {page.opens ? t.notOpen(page.opens) : t.unscheduled}
        </p>
      )}
    </div>
  );
}
