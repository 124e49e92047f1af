import { CalendarCard } from "~/components/portal/calendar-card";
import { StudentCards } from "~/components/portal/mentor-students";
import { portalMeta } from "~/content/portal";
import { mentorPortal as t } from "~/content/mentors";
import { pageMeta } from "~/lib/meta";
import { mentorStudents, requireMentor } from "~/mentors/mentor-students.server";
import { mentorCalendarCard } from "~/sessions/portal-calendar.server";
import type { Route } from "./+types/mentor";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/mentor: the signed-in mentor's students in the current cohort, and nobody else's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentor");
  const [{ cohortStart, students }, calendar] = await Promise.all([
    mentorStudents(context.services.db, mentor.mentorId),
    mentorCalendarCard(context.services, mentor.mentorId),
  ]);
  return { name: mentor.name, cohortStart, students, calendar };
}

export default function MentorHome({ loaderData }: Route.ComponentProps) {
  const { name, cohortStart, students, calendar } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-3 text-slate-700">{t.intro(name)}</p>
        <p className="mt-2 text-slate-700">{t.cohort(cohortStart)}</p>
      </div>
      <StudentCards students={students} />
      <CalendarCard calendar={calendar} />
    </div>
  );
}
