import { Link } from "react-router";
import { AttendanceForm, OutcomeList, RecordingCard } from "~/features/attendance/session-marking";
import { linkVariants } from "~/components/ui/link";
import { attendanceText as t, sessionPageText as p } from "~/features/attendance/attendance.words";
import { portalMeta } from "~/features/portal/portal.words";
import { sessionPage } from "~/features/attendance/session-page.server";
import { mentorZoneOf } from "~/features/bookings/availability.server";
import { sessionMarkAction } from "~/features/attendance/session-action.server";
import { pageMeta } from "~/lib/meta";
import { orNotFound } from "~/lib/or-not-found";
import { requireMentor } from "~/features/mentors/mentor-students.server";
import { WorkLinks } from "~/features/coursework/review-views";
import { weekWork } from "~/features/coursework/reviews.server";
import { workLinksText } from "~/features/coursework/reviews.words";
import type { Route } from "./+types/mentor-session";

export const meta: Route.MetaFunction = () => pageMeta(p.mentorTitle, portalMeta.description);

/**
 * /portal/mentor/sessions/:id: one group session of the mentor's cohort. The mentor marks their
 * own students (nobody else's), their own 1-on-1s of the week, and attaches the recording. A
 * session of a cohort without any of their students answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorSession");
  const { db, config, clock } = context.services;
  const zone = await mentorZoneOf(db, mentor.mentorId, config.siteTimeZone);
  const marker = { kind: "mentor" as const, mentorId: mentor.mentorId };
  const page = orNotFound(await sessionPage(context.services, marker, params.id, zone));
  // The week's work of the mentor's students, beside their 1-on-1s of that week.
  const cohort = { id: page.session.cohortId, week: page.session.week };
  return { ...page, work: await weekWork(db, mentor.mentorId, cohort, zone, clock.now()) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const mentor = await requireMentor(request, context, "mentorSession");
  const marker = { kind: "mentor" as const, mentorId: mentor.mentorId };
  return sessionMarkAction(context, request, marker, {
    sessionId: params.id,
    back: `/portal/mentor/sessions/${params.id}`,
    limit: { form: "portal-mentor-session", user: mentor },
  });
}

export default function MentorSessionPage({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/portal/mentor" className={linkVariants({ size: "sm" })}>
          {p.backToMentor}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">
          {t.sessionTitle(session.week, session.topic)}
        </h1>
        <p className="mt-2 text-slate-700">{t.sessionWhen(session.when)}</p>
      </div>
      <AttendanceForm data={loaderData} />
      <OutcomeList items={loaderData.oneOnOnes} />
      <WorkLinks
        title={workLinksText.weekHeading(session.week)}
        empty={workLinksText.weekEmpty}
        items={loaderData.work}
        named
      />
      <RecordingCard data={loaderData} />
    </div>
  );
}
