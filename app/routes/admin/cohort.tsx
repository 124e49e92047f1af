import { data } from "react-router";
import { z } from "~/lib/zod";
import { requireAdmin } from "~/admin/sessions.server";
import { ownerQueueAction, type QueueOutcome } from "~/cohort/queue-console.server";
import { listQueue } from "~/cohort/queue.server";
import { cohortRoster, listCohorts } from "~/cohort/series.server";
import { AdminPage } from "~/components/admin-shell";
import { cohortName } from "~/components/admin/cohort-list";
import { QueueCard, RosterCard } from "~/components/admin/cohort-detail";
import { cohortConsole as t } from "~/content/cohorts";
import { adminMeta } from "~/lib/meta";
import { errorToast, success } from "~/lib/toast";
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
  return { cohort, roster, queue };
}

const QueueAction = z.object({
  intent: z.enum(["move_up", "remove", "offer"]),
  id: z.string().min(1),
});

const answers: Record<QueueOutcome, { ok: boolean; message: string }> = {
  moved_up: { ok: true, message: t.movedUp },
  removed: { ok: true, message: t.removed },
  offered: { ok: true, message: t.offered },
  no_seat: { ok: false, message: t.noSeat },
  not_waiting: { ok: false, message: t.notWaiting },
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = QueueAction.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ toast: errorToast(t.notWaiting) }, { status: 400 });
  const outcome = await ownerQueueAction(context.services, admin.email, parsed.data.intent, {
    cohortId: params.id,
    entryId: parsed.data.id,
  });
  const answer = answers[outcome];
  return answer.ok
    ? redirectWithToast(context, samePage(request), success(answer.message))
    : data({ toast: errorToast(answer.message) }, { status: 409 });
}

export default function CohortPage({ loaderData }: Route.ComponentProps) {
  const { cohort, roster, queue } = loaderData;
  return (
    <AdminPage title={t.cohortTitle(cohortName(cohort.startDate))}>
      <p className="text-slate-700">{t.summary(cohort.paid, cohort.capacity, cohort.seatsLeft)}</p>
      <div className="mt-6 space-y-6">
        <QueueCard queue={queue} canOffer={cohort.isCurrent && cohort.seatsLeft > 0} />
        <RosterCard cohortId={cohort.id} roster={roster} />
      </div>
    </AdminPage>
  );
}
