import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { StudentNotes, StudentProfile, StudentResume } from "~/components/portal/mentor-students";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/content/portal";
import { mentorPortal as t } from "~/content/mentors";
import { mentorNoteSchema } from "~/domain/mentor-forms";
import { readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { orNotFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { addMentorNote, mentorStudent, requireMentor } from "~/mentors/mentor-students.server";
import type { Route } from "./+types/mentor-student";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/**
 * /portal/mentor/students/:id: one of the mentor's students. Anyone else's student (another
 * mentor's, a waiting one, someone unknown) answers 404 with nothing of them on the page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorStudent");
  const { db, clock, config } = context.services;
  const student = orNotFound(await mentorStudent(db, mentor.mentorId, params.id));
  return { student, clock: { zone: config.siteTimeZone, now: clock.now().toISOString() } };
}

/** Adds the mentor's private note about the student (a plain HTML post: the page needs no JS). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const mentor = await requireMentor(request, context, "mentorStudent");
  const submission = parseWithZod(await readFormData(request), {
    schema: mentorNoteSchema,
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") return refuse(submission);
  if (!(await addMentorNote(context.services, mentor, params.id, submission.value.body)))
    throw data(null, { status: 404 });
  return redirectWithToast(context, samePage(request), success(t.noteSaved));
}

export default function MentorStudentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { student, clock } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/portal/mentor" className={linkVariants({ size: "sm" })}>
          {t.backToList}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">{student.name}</h1>
      </div>
      <StudentProfile student={student} />
      <StudentResume student={student} clock={clock} />
      <StudentNotes student={student} clock={clock} lastResult={actionData?.result} />
    </div>
  );
}
