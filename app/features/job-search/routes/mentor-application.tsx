import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { mentorZoneOf } from "~/features/bookings/availability.server";
import { requireMentor } from "~/features/mentors/mentor-students.server";
import { portalMeta } from "~/features/portal/portal.words";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { notFound, orNotFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { MoveForm } from "../application-forms";
import { ApplicationHistory } from "../application-history";
import { mentorApplicationSchema } from "../job-search-forms";
import { applicationText as a, jobSearchText as t, stageName } from "../job-search.words";
import {
  addApplicationNote,
  MAX_NOTES,
  mentorApplication,
  mentorMove,
} from "../mentor-board.server";
import { mentorApplicationText as m } from "../mentor-board.words";
import { MentorNoteForm } from "../mentor-note-form";
import { refuseMove } from "../move-reply.server";
import { dateInZone } from "~/lib/time-zone";
import type { Route } from "./+types/mentor-application";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data ? `${data.application.firm}: ${data.application.role}` : t.title,
    portalMeta.description,
  );

/**
 * /portal/mentor/students/:id/applications/:applicationId: one application of the mentor's
 * student, its history, and the mentor's move or note. Another mentor's student (or an
 * application that is not this student's) answers 404, as the student's page does.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorStudent");
  const { services } = context;
  const zone = await mentorZoneOf(services.db, mentor.mentorId, services.config.siteTimeZone);
  const view = orNotFound(
    await mentorApplication(services, mentor.mentorId, params.id, params.applicationId, zone),
  );
  return { ...view, today: dateInZone(services.clock.now(), services.config.siteTimeZone) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const mentor = await requireMentor(request, context, "mentorStudent");
  const { services } = context;
  const today = dateInZone(services.clock.now(), services.config.siteTimeZone);
  const submission = parseWithZod(await readFormData(request), {
    schema: mentorApplicationSchema(today),
  });
  if (!(await limitFormPost(context, "portal-mentor-application", mentor)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const { id, applicationId } = params;
  if (form.intent === "note") {
    const added = await addApplicationNote(services, mentor.mentorId, id, applicationId, form.body);
    if (added === "not_found") notFound();
    if (added === "full")
      return refuse(submission, { field: "body", message: m.notesFull(MAX_NOTES) });
    const toast = m.noteAdded;
    return redirectWithToast(context, samePage(request), success(toast.title, toast.description));
  }
  const outcome = await mentorMove(services, mentor.mentorId, id, applicationId, form);
  if (outcome.kind === "not_found") notFound();
  if (outcome.kind !== "moved") return refuseMove(submission, outcome.kind);
  const toast = a.moved(stageName(outcome.stage, outcome.round));
  return redirectWithToast(context, samePage(request), success(toast.title, toast.description));
}

export default function MentorApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application: row, history, nextStages, suggestedRound, studentName } = loaderData;
  const result = actionData?.result ?? null;
  const intent = (result?.initialValue as { intent?: unknown } | undefined)?.intent;
  return (
    <div className="space-y-6">
      <div>
        <Link
          to={`/portal/mentor/students/${row.person_id}`}
          className={linkVariants({ size: "sm" })}
        >
          {m.back(studentName)}
        </Link>
        <p className="mt-2 text-slate-700">{m.of(studentName)}</p>
        <h1 className="mt-1 text-3xl font-bold text-brand-900">{row.firm}</h1>
        <p className="mt-1 text-lg text-slate-800">{row.role}</p>
        <p className="mt-2 font-medium text-slate-900" data-current-stage={row.stage}>
          {a.current(stageName(row.stage, row.round))}
        </p>
        {row.next_step && (
          <p className="mt-1 text-slate-800">
            {t.fields.nextStep}: {row.next_step}
          </p>
        )}
        {row.deadline && <p className="mt-1 text-slate-800">{t.deadline(row.deadline)}</p>}
      </div>
      <SectionCard title={a.moveHeading}>
        {nextStages.length === 0 ? (
          <p className="text-slate-700">{a.noMoves}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-700">{m.moveIntro}</p>
            <MoveForm
              key={row.move_id}
              moveId={row.move_id}
              targets={nextStages}
              round={suggestedRound}
              today={loaderData.today}
              lastResult={intent === "move" ? result : null}
            />
          </>
        )}
      </SectionCard>
      <SectionCard title={m.noteHeading}>
        <MentorNoteForm lastResult={intent === "note" ? result : null} />
      </SectionCard>
      <SectionCard title={a.historyHeading}>
        <ApplicationHistory history={history} reader="mentor" />
      </SectionCard>
    </div>
  );
}
