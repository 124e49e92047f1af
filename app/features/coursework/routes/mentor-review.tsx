import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { mentorZoneOf } from "~/features/bookings/availability.server";
import { requireMentor } from "~/features/mentors/mentor-students.server";
import { portalMeta } from "~/features/portal/portal.words";
import { docxRefusal } from "~/features/uploads/docx-check.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { notFound, orNotFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { ReviewForm, VersionList } from "../review-views";
import { reviewSchema } from "../reviews";
import { mayReview, reviewPage, saveReview } from "../reviews.server";
import { reviewPageText as t, reviewQueueText } from "../reviews.words";
import type { Route } from "./+types/mentor-review";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data ? t.title(data.student.name, data.assignment.title) : reviewQueueText.title,
    portalMeta.description,
  );

/**
 * /portal/mentor/reviews/:id (a version of a student's work): the student, the assignment as they
 * were given it, every version with its reviews, and the mentor's review form. A version that is
 * not one of the mentor's students' (another mentor's, unknown) answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorReviews");
  const { db, clock, config } = context.services;
  const zone = await mentorZoneOf(db, mentor.mentorId, config.siteTimeZone);
  return orNotFound(await reviewPage(db, mentor.mentorId, params.id, zone, clock.now()));
}

/**
 * Saves the mentor's review: a comment, a verdict and an optional annotated .docx (checked by
 * content, as the resume's); the student is emailed. Bad input writes nothing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const mentor = await requireMentor(request, context, "mentorReviews");
  const { services } = context;
  const submission = parseWithZod(await readFormData(request), { schema: reviewSchema });
  if (!(await limitFormPost(context, "portal-mentor-review", mentor)))
    return refuse(submission, OVER_LIMIT);
  if (!(await mayReview(services.db, mentor.mentorId, params.id))) notFound();
  if (submission.status !== "success") return refuse(submission);
  const { comment, verdict, file } = submission.value;
  let annotated: { name: string; bytes: Uint8Array } | null = null;
  if (file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    // The same content checks as the resume review's (decision 0020).
    const message = await docxRefusal(bytes, "annotated coursework file refused");
    if (message) return refuse(submission, { field: "file", message });
    annotated = { name: file.name, bytes };
  }
  const outcome = await saveReview(services, mentor, params.id, {
    comment,
    verdict,
    file: annotated,
  });
  if (outcome.kind === "not_found") notFound();
  const toast = t.saved(outcome.studentName);
  return redirectWithToast(context, samePage(request), success(toast.title, toast.description));
}

export default function MentorReview({ loaderData, actionData }: Route.ComponentProps) {
  const { student, assignment, reviewing } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/portal/mentor/reviews" className={linkVariants({ size: "sm" })}>
          {t.back}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">
          {t.title(student.name, assignment.title)}
        </h1>
        <p className="mt-2 text-slate-700">
          <Link to={`/portal/mentor/students/${student.id}`} className={linkVariants()}>
            {t.student(student.name)}
          </Link>
          {" · "}
          {t.week(assignment.week)}
        </p>
      </div>
      <SectionCard title={t.instructionsHeading}>
        <p className="whitespace-pre-line text-slate-800">{assignment.instructions}</p>
      </SectionCard>
      <VersionList page={loaderData} />
      <ReviewForm version={reviewing.version} lastResult={actionData?.result} />
    </div>
  );
}
