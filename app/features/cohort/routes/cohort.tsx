import { requireAdmin } from "~/features/accounts/sessions.server";
import { ownerQueueAction, type QueueOutcome } from "~/features/cohort/queue-console.server";
import { listQueue } from "~/features/cohort/queue.server";
import { cohortRoster, cohortSummary, findCohort } from "~/features/cohort/series.server";
import { AdminPage } from "~/components/admin-shell";
import { cohortName } from "~/features/cohort/cohort-list";
import { QueueCard, RosterCard } from "~/features/cohort/cohort-detail";
import { MentorsCard } from "~/features/portal/cohort-mentors";
import { SessionsCard } from "~/features/sessions/cohort-sessions";
import { AttendanceGridCard } from "~/features/attendance/attendance-grid";
import { cohortGrid } from "~/features/attendance/grid.server";
import { cohortSessions, isSessionPost, sessionsAction } from "~/features/sessions/console.server";
import { mentoringConsole as m } from "~/features/portal/portal-console.words";
import { moveStudent, type MoveOutcome } from "~/features/portal/assignment.server";
import { cohortMentoring } from "~/features/portal/owner-view.server";
import { cohortConsole as t } from "~/features/cohort/cohorts.words";
import { surveyConsole } from "~/features/surveys/survey.words";
import { linkVariants } from "~/components/ui/link";
import { Link } from "react-router";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { parseForm, refuse } from "~/lib/form.server";
import { seatQueueFormSchema } from "~/features/cohort/cohort-forms";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/cohort";
import { orNotFound } from "~/lib/or-not-found";
import { cohortJobSearchReport } from "~/features/job-search/cohort-report.server";
import { CohortJobSearchCard } from "~/features/job-search/cohort-job-search";
import { cohortProgress } from "~/features/coursework/progress.server";
import { CohortProgressCard } from "~/features/coursework/progress-line";
import { PastDueCard } from "~/features/payment-plans/past-due-card";
import { pastDuePlans } from "~/features/payment-plans/plan-owner.server";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock } = context.services;
  const zone = context.services.config.siteTimeZone;
  const cohort = orNotFound(await cohortSummary(db, params.id, clock.now(), zone));
  const report = cohortJobSearchReport(db, cohort, zone);
  const [roster, queue, mentoring, sessions, grid, jobSearch, progress, pastDue] =
    await Promise.all([
      cohortRoster(db, cohort.id),
      listQueue(db, cohort.id),
      cohortMentoring(db, cohort.id),
      cohortSessions(db, cohort.id, zone, clock.now()),
      cohortGrid(context.services, cohort.id),
      report,
      cohortProgress(context.services, cohort, report),
      pastDuePlans(db, cohort.id),
    ]);
  const clockNow = { zone, now: clock.now().toISOString() };
  return {
    ...{ cohort, roster, queue, mentoring, sessions, grid, jobSearch, progress, pastDue },
    clock: clockNow,
  };
}

const answers: Record<QueueOutcome, { ok: boolean; message: string }> = {
  moved_up: { ok: true, message: t.movedUp },
  removed: { ok: true, message: t.removed },
  offered: { ok: true, message: t.offered },
  no_seat: { ok: false, message: t.noSeat },
  not_waiting: { ok: false, message: t.notWaiting },
};

/** Why a move was refused, in words; null when it was made. */
function moveRefusal(outcome: MoveOutcome): string | null {
  switch (outcome.kind) {
    case "moved":
      return null;
    case "same_mentor":
      return m.sameMentor;
    case "mentor_full":
      return m.mentorFull(outcome.name, outcome.capacity);
    case "no_mentor":
      return m.noSuchMentor;
    case "not_student":
      return m.notStudent;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  if (await isSessionPost(request)) {
    orNotFound(await findCohort(context.services.db, params.id));
    return sessionsAction(context, request, admin.email, params.id);
  }
  const submission = await parseForm(request, seatQueueFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  if (form.intent === "move_mentor") {
    const moved = await moveStudent(context.services, admin.email, {
      cohortId: params.id,
      personId: form.student,
      mentorId: form.mentor,
    });
    const refusal = moveRefusal(moved);
    return refusal
      ? refuse(submission, { message: refusal, field: "mentor", status: 409 })
      : redirectWithToast(context, samePage(request), success(m.moved));
  }
  const { intent, id } = form;
  const outcome = await ownerQueueAction(context.services, admin.email, intent, {
    cohortId: params.id,
    entryId: id,
  });
  const answer = answers[outcome];
  return answer.ok
    ? redirectWithToast(context, samePage(request), success(answer.message))
    : refuse(submission, { message: answer.message, status: 409 });
}

export default function CohortPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cohort, roster, queue, mentoring, sessions, grid, jobSearch, progress, clock } =
    loaderData;
  return (
    <AdminPage title={t.cohortTitle(cohortName(cohort.startDate))}>
      <p className="text-slate-700" data-testid="cohort-seats">
        {t.summary(cohort.seats)}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t.seatRule[cohort.rule]}</p>
      <p className="mt-2">
        <Link to={`/admin/cohorts/${cohort.id}/survey`} className={linkVariants()}>
          {surveyConsole.link}
        </Link>
      </p>
      <div className="mt-6 space-y-6">
        <QueueCard
          queue={queue}
          canOffer={cohort.isCurrent && cohort.seatsLeft > 0}
          clock={clock}
        />
        <SessionsCard
          data={sessions}
          asking={actionData && "confirmCancel" in actionData ? actionData.confirmCancel : null}
        />
        <PastDueCard plans={loaderData.pastDue} />
        <CohortProgressCard progress={progress} />
        <AttendanceGridCard cohortId={cohort.id} grid={grid} />
        <CohortJobSearchCard cohortId={cohort.id} report={jobSearch} />
        <MentorsCard mentoring={mentoring} clock={clock} />
        <RosterCard cohortId={cohort.id} roster={roster} clock={clock} />
      </div>
    </AdminPage>
  );
}
