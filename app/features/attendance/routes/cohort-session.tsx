import { Link } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { sessionPage } from "~/features/attendance/session-page.server";
import { sessionMarkAction } from "~/features/attendance/session-action.server";
import { AdminPage } from "~/components/admin-shell";
import { AttendanceForm, OutcomeList, RecordingCard } from "~/features/attendance/session-marking";
import { linkVariants } from "~/components/ui/link";
import { attendanceText as t, sessionPageText as p } from "~/features/attendance/attendance.words";
import { adminMeta } from "~/lib/meta";
import { orNotFound } from "~/lib/or-not-found";
import type { Route } from "./+types/cohort-session";

export const meta: Route.MetaFunction = () => adminMeta(p.ownerTitle);

/**
 * /admin/cohorts/:id/sessions/:session: the owner marks every paid student of the cohort at one
 * group session, the week's 1-on-1s, and attaches the recording (audited).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const zone = context.services.config.siteTimeZone;
  const marker = { kind: "owner" as const, id: admin.id, email: admin.email };
  return orNotFound(await sessionPage(context.services, marker, params.session, zone, params.id));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const marker = { kind: "owner" as const, id: admin.id, email: admin.email };
  const back = new URL(request.url).searchParams.get("back") === "cohort";
  return sessionMarkAction(context, request, marker, {
    sessionId: params.session,
    cohortId: params.id,
    back: back
      ? `/admin/cohorts/${params.id}`
      : `/admin/cohorts/${params.id}/sessions/${params.session}`,
  });
}

export default function CohortSessionPage({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  return (
    <AdminPage title={t.sessionTitle(session.week, session.topic)}>
      <p>
        <Link to={`/admin/cohorts/${session.cohortId}`} className={linkVariants({ size: "sm" })}>
          {t.backToCohort}
        </Link>
      </p>
      <p className="mt-2 text-slate-700">{t.sessionWhen(session.when)}</p>
      <div className="mt-6 space-y-6">
        <AttendanceForm data={loaderData} />
        <OutcomeList items={loaderData.oneOnOnes} />
        <RecordingCard data={loaderData} />
      </div>
    </AdminPage>
  );
}
