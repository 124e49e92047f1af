import { Link } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { linkVariants } from "~/components/ui/link";
import { LIMITS } from "~/features/coursework/coursework";
import { isResourceFileKey } from "~/features/resources/formats";
import {
  AddAssignmentCard,
  AssignmentCard,
  MaterialPreview,
  WeekForm,
} from "~/features/coursework/program-editor";
import {
  addAssignment,
  editAssignment,
  removeAssignment,
  saveWeek,
  weekToEdit,
} from "~/features/coursework/program-edit.server";
import { programWeekFormSchema, weekOfParam } from "~/features/coursework/program-forms";
import { programConsole as t, programValidation as v } from "~/features/coursework/program.words";
import { parseForm, refuse } from "~/lib/form.server";
import { markdownHtml } from "~/lib/markdown.server";
import { adminMeta } from "~/lib/meta";
import { orNotFound } from "~/lib/or-not-found";
import { formatWhen } from "~/lib/time-zone";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/program-week";

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? t.weekTitle(data.week.week, data.week.title) : t.title);

/** /admin/program/:week: the week's material (with its saved version rendered) and assignments. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const number = orNotFound(weekOfParam(params.week));
  const { db, clock, config } = context.services;
  const now = clock.now();
  const { updatedAt, ...week } = await weekToEdit(db, number, now);
  return {
    // A file since taken out of the library is not offered (nor kept by the next save).
    week: { ...week, resources: week.resources.filter(isResourceFileKey) },
    materialHtml: markdownHtml(week.material),
    lastEdit: t.lastEdit(formatWhen(new Date(updatedAt), config.siteTimeZone, now)),
    /** Changes with every edit, so the forms start again from what is stored. */
    version: updatedAt,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const week = orNotFound(weekOfParam(params.week));
  const submission = await parseForm(request, programWeekFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const { services } = context;
  const done = (message: string) => redirectWithToast(context, samePage(request), success(message));
  const gone = () => refuse(submission, { message: v.assignmentNotFound, form: true, status: 404 });

  switch (form.intent) {
    case "week": {
      const saved = await saveWeek(services, admin.email, week, form);
      return done(saved === "saved" ? t.weekSaved(week) : t.weekUnchanged(week));
    }
    case "add": {
      const added = await addAssignment(services, admin.email, week, form);
      if (added.kind === "full")
        return refuse(submission, {
          message: v.full(LIMITS.assignmentsPerWeek),
          form: true,
          status: 409,
        });
      return done(t.added(form.title));
    }
    case "edit": {
      const edited = await editAssignment(services, admin.email, week, form.id, form);
      return edited === "notFound" ? gone() : done(t.assignmentSaved(form.title));
    }
    case "remove": {
      const removed = await removeAssignment(services, admin.email, week, form.id);
      return removed ? done(t.removed(removed.title)) : gone();
    }
  }
}

export default function ProgramWeek({ loaderData }: Route.ComponentProps) {
  const { week, materialHtml, lastEdit, version } = loaderData;
  const full = week.assignments.length >= LIMITS.assignmentsPerWeek;
  return (
    <AdminPage title={t.weekTitle(week.week, week.title)}>
      <p className="mb-2 text-slate-700">
        <Link to="/admin/program" className={linkVariants({ weight: "medium" })}>
          {t.back}
        </Link>
        {" · "}
        <span data-testid="last-edit">{lastEdit}</span>
      </p>
      <p className="mb-6 max-w-3xl text-sm text-slate-700">{t.frozenNote}</p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <WeekForm key={version} values={week} />
        <MaterialPreview html={materialHtml} videoUrl={week.videoUrl} resources={week.resources} />
      </div>
      <section aria-labelledby="assignments-heading" className="mt-8">
        <h2 id="assignments-heading" className="text-2xl font-semibold text-brand-900">
          {t.assignmentsTitle}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          {t.assignmentsIntro(LIMITS.assignmentsPerWeek)}
        </p>
        {week.assignments.length === 0 ? (
          <p className="mt-4 text-slate-700">{t.noAssignments}</p>
        ) : (
          <div className="mt-4 space-y-4">
            {week.assignments.map((assignment) => (
              <AssignmentCard key={`${assignment.id}-${version}`} assignment={assignment} />
            ))}
          </div>
        )}
        <div className="mt-6">
          <AddAssignmentCard key={version} full={full} />
        </div>
      </section>
    </AdminPage>
  );
}
