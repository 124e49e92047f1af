import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { StudentNotes, StudentProfile, StudentResume } from "~/features/mentors/mentor-students";
import { linkVariants } from "~/components/ui/link";
import { portalMeta } from "~/features/portal/portal.words";
import { mentorPortal as t } from "~/features/mentors/mentors.words";
import { OutcomesSummary } from "~/features/outcomes/outcome-reports";
import { SectionCard } from "~/components/ui/card";
import { offerConfirmText } from "~/features/outcomes/interviews.words";
import { mentorStudentSchema } from "~/features/mentors/mentor-forms";
import { outcomesView } from "~/features/outcomes/interviews.server";
import { confirmOffer, isOfferOf } from "~/features/outcomes/offers.server";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { notFound, orNotFound } from "~/lib/or-not-found";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { mentorZoneOf } from "~/features/bookings/availability.server";
import {
  addMentorNote,
  mentorStudent,
  requireMentor,
} from "~/features/mentors/mentor-students.server";
import { TargetsForm } from "~/features/job-search/networking-forms";
import { readTargets, setTargets } from "~/features/job-search/networking.server";
import { targetsText } from "~/features/job-search/networking.words";
import { studentPipeline } from "~/features/job-search/mentor-board.server";
import { StudentJobSearch } from "~/features/job-search/student-pipeline";
import { WorkLinks } from "~/features/coursework/review-views";
import { studentWork } from "~/features/coursework/reviews.server";
import { workLinksText } from "~/features/coursework/reviews.words";
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
  // Times read in the mentor's own zone (their availability's), as on their home and in emails.
  const zone = await mentorZoneOf(db, mentor.mentorId, config.siteTimeZone);
  const outcomes = await outcomesView(
    db,
    student.id,
    { site: config.siteTimeZone, reader: zone },
    clock.now(),
  );
  const targets = await readTargets(db, student.id);
  const jobSearch = await studentPipeline(
    context.services,
    mentor.mentorId,
    { personId: student.id, name: student.name },
    zone,
  );
  const work = await studentWork(db, mentor.mentorId, student.id, zone, clock.now());
  const now = clock.now().toISOString();
  return { student, outcomes, targets, jobSearch, work, clock: { zone, now } };
}

/**
 * Adds the mentor's private note about the student, confirms one of the student's offers, or sets
 * their weekly targets (plain HTML posts: the page needs no JS).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const mentor = await requireMentor(request, context, "mentorStudent");
  const submission = parseWithZod(await readFormData(request), {
    schema: mentorStudentSchema,
    disableAutoCoercion: true,
  });
  if (!(await limitFormPost(context, "portal-mentor-student", mentor)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  if (form.intent === "confirm_offer") {
    // Only the offers of this page's student, and only a student who is this mentor's.
    const student = await mentorStudent(context.services.db, mentor.mentorId, params.id);
    const offer = student
      ? await confirmOfferOf(context, mentor.mentorId, params.id, form.offerId)
      : null;
    if (!offer) notFound();
    const c = offerConfirmText;
    return redirectWithToast(
      context,
      samePage(request),
      success(offer === "confirmed" ? c.confirmedToast : c.alreadyToast),
    );
  }
  if (form.intent === "targets") {
    const { services } = context;
    if (!(await mentorStudent(services.db, mentor.mentorId, params.id))) notFound();
    await setTargets(services, params.id, form, { role: "mentor", id: mentor.mentorId });
    return redirectWithToast(context, samePage(request), success(targetsText.saved));
  }
  const added = await addMentorNote(context.services, mentor, params.id, form.body);
  if (added === "not_found") notFound();
  if (added === "full") return refuse(submission, { field: "body", message: t.notesFull });
  return redirectWithToast(context, samePage(request), success(t.noteSaved));
}

/** Confirms the offer when it is the student's; null when it is not one the mentor may confirm. */
async function confirmOfferOf(
  context: Route.ActionArgs["context"],
  mentorId: string,
  personId: string,
  offerId: string,
) {
  if (!(await isOfferOf(context.services.db, offerId, personId))) return null;
  const outcome = await confirmOffer(context.services, offerId, { role: "mentor", mentorId });
  return outcome.kind === "notFound" ? null : outcome.kind;
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
      <WorkLinks
        title={workLinksText.studentHeading}
        empty={workLinksText.studentEmpty}
        items={loaderData.work}
      />
      {loaderData.jobSearch && <StudentJobSearch pipeline={loaderData.jobSearch} />}
      <SectionCard title={offerConfirmText.heading}>
        <OutcomesSummary view={loaderData.outcomes} />
      </SectionCard>
      <SectionCard title={targetsText.title}>
        <TargetsForm targets={loaderData.targets} lastResult={targetsResult(actionData?.result)} />
      </SectionCard>
      <StudentNotes student={student} clock={clock} lastResult={actionData?.result} />
    </div>
  );
}

/** The action's answer, for the targets form only when it was the one refused. */
const targetsResult = (result: SubmissionResult<string[]> | null | undefined) =>
  (result?.initialValue as { intent?: unknown } | undefined)?.intent === "targets" ? result : null;
