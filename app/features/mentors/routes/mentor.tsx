import { CalendarCard } from "~/features/sessions/calendar-card";
import { parseWithZod } from "@conform-to/zod/v4";
import { MentorBookings } from "~/features/bookings/mentor-bookings";
import { StudentCards } from "~/features/mentors/mentor-students";
import { bookingText, mentorBookingsText } from "~/features/bookings/bookings.words";
import { portalMeta } from "~/features/portal/portal.words";
import { mentorPortal as t } from "~/features/mentors/mentors.words";
import { cancelBooking } from "~/features/bookings/book.server";
import { mentorBookings } from "~/features/bookings/booking-page.server";
import { mentorHomeSchema } from "~/features/bookings/availability-form";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { mentorStudents, requireMentor } from "~/features/mentors/mentor-students.server";
import { mentorCalendarCard } from "~/features/sessions/portal-calendar.server";
import { MentorSessionLinks, ToMarkList } from "~/features/attendance/mentor-marking";
import { mentorSessions, mentorToMark } from "~/features/attendance/mentor-marking.server";
import { outcomeAction } from "~/features/attendance/session-action.server";
import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";
import { boardText } from "~/features/job-search/mentor-board.words";
import { waitingForReview } from "~/features/coursework/reviews.server";
import { reviewQueueText } from "~/features/coursework/reviews.words";
import type { Route } from "./+types/mentor";
import { PortalPageHeading } from "~/components/portal-shell";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/mentor: the signed-in mentor's students in the current cohort, and nobody else's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentor");
  const [{ cohortStart, students }, bookings, calendar, sessions, toMark, toReview] =
    await Promise.all([
      mentorStudents(context.services.db, mentor.mentorId),
      mentorBookings(context.services, mentor.mentorId),
      mentorCalendarCard(context.services, mentor.mentorId),
      mentorSessions(context.services.db, mentor.mentorId),
      mentorToMark(context.services, mentor.mentorId),
      waitingForReview(context.services.db, mentor.mentorId),
    ]);
  return {
    name: mentor.name,
    cohortStart,
    students,
    bookings,
    calendar,
    sessions,
    toMark,
    toReview,
  };
}

/** The mentor cancels one of their students' 1-on-1s (any time, with a reason), or marks one. */
export async function action({ request, context }: Route.ActionArgs) {
  const mentor = await requireMentor(request, context, "mentor");
  const submission = parseWithZod(await readFormData(request), { schema: mentorHomeSchema });
  if (!(await limitFormPost(context, "portal-mentor", mentor)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  if (form.intent === "outcome") {
    const marker = { kind: "mentor" as const, mentorId: mentor.mentorId };
    return outcomeAction(context, submission, marker, form, { back: "/portal/mentor" });
  }
  const { bookingId, reason } = form;
  const outcome = await cancelBooking(
    context.services,
    { mentorId: mentor.mentorId, reason },
    bookingId,
  );
  if (outcome.kind !== "cancelled")
    return refuse(submission, {
      field: "bookingId",
      message: bookingText.errors.notFound,
      status: 404,
    });
  const toast = mentorBookingsText.cancelledToast;
  return redirectWithToast(context, "/portal/mentor", success(toast.title, toast.description));
}

export default function MentorHome({ loaderData }: Route.ComponentProps) {
  const { name, cohortStart, students, bookings, calendar, sessions, toMark } = loaderData;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title}>
        <p className="mt-3 text-slate-700">{t.intro(name)}</p>
        <p className="mt-2 text-slate-700">{t.cohort(cohortStart)}</p>
        <p className="mt-2">
          <Link to="/portal/mentor/board" className={linkVariants()} data-board-link="">
            {boardText.homeLink}
          </Link>
        </p>
        <p className="mt-2">
          <Link to="/portal/mentor/reviews" className={linkVariants()} data-reviews-link="">
            {reviewQueueText.homeLink(loaderData.toReview)}
          </Link>
        </p>
      </PortalPageHeading>
      <ToMarkList items={toMark} />
      <MentorBookings bookings={bookings} />
      <MentorSessionLinks sessions={sessions} />
      <StudentCards students={students} />
      <CalendarCard calendar={calendar} />
    </div>
  );
}
