import { requireAdmin } from "~/accounts/sessions.server";
import { ownerQueueAction, type QueueOutcome } from "~/cohort/queue-console.server";
import { listQueue } from "~/cohort/queue.server";
import { cohortRoster, listCohorts } from "~/cohort/series.server";
import { AdminPage } from "~/components/admin-shell";
import { cohortName } from "~/components/admin/cohort-list";
import { QueueCard, RosterCard } from "~/components/admin/cohort-detail";
import { cohortConsole as t } from "~/content/cohorts";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { parseForm, refuse } from "~/lib/form.server";
import { seatQueueFormSchema } from "~/domain/console-forms";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/cohort";
import { orNotFound } from "~/lib/or-not-found";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock } = context.services;
  const cohort = orNotFound((await listCohorts(db, clock.now())).find((c) => c.id === params.id));
  const [roster, queue] = await Promise.all([
    cohortRoster(db, cohort.id),
    listQueue(db, cohort.id),
  ]);
  const clockNow = { zone: context.services.config.siteTimeZone, now: clock.now().toISOString() };
  return { cohort, roster, queue, clock: clockNow };
}

const answers: Record<QueueOutcome, { ok: boolean; message: string }> = {
  moved_up: { ok: true, message: t.movedUp },
  removed: { ok: true, message: t.removed },
  offered: { ok: true, message: t.offered },
  no_seat: { ok: false, message: t.noSeat },
  not_waiting: { ok: false, message: t.notWaiting },
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, seatQueueFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const { intent, id } = submission.value;
  const outcome = await ownerQueueAction(context.services, admin.email, intent, {
    cohortId: params.id,
    entryId: id,
  });
  const answer = answers[outcome];
  return answer.ok
    ? redirectWithToast(context, samePage(request), success(answer.message))
    : refuse(submission, { message: answer.message, status: 409 });
}

export default function CohortPage({ loaderData }: Route.ComponentProps) {
  const { cohort, roster, queue, clock } = loaderData;
  return (
    <AdminPage title={t.cohortTitle(cohortName(cohort.startDate))}>
      <p className="text-slate-700">{t.summary(cohort.paid, cohort.capacity, cohort.seatsLeft)}</p>
      <div className="mt-6 space-y-6">
        <QueueCard
          queue={queue}
          canOffer={cohort.isCurrent && cohort.seatsLeft > 0}
          clock={clock}
        />
        <RosterCard cohortId={cohort.id} roster={roster} clock={clock} />
      </div>
    </AdminPage>
  );
}
