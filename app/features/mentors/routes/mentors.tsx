import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { EditMentorCard, InviteMentorCard, MentorTable } from "~/features/mentors/mentor-list";
import { mentorsConsole as t, mentorValidation } from "~/features/mentors/mentors.words";
import { changeMeetingPlace } from "~/features/bookings/meeting-place.server";
import { mentorsFormSchema } from "~/features/mentors/mentor-forms";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import {
  inviteMentor,
  listMentors,
  endMentorSessionsByOwner,
  setMentorActive,
  updateMentor,
  type MentorChange,
} from "~/features/mentors/mentors.server";
import type { Route } from "./+types/mentors";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/mentors: the mentors, each one's students this cohort; invite, edit, deactivate. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { mentors: await listMentors(context.services.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, mentorsFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const done = (message: string) => redirectWithToast(context, samePage(request), success(message));
  const changed = (change: MentorChange, message: (name: string) => string) =>
    change.kind === "done"
      ? done(message(change.name))
      : refuse(submission, { message: mentorValidation.notFound, status: 404 });

  switch (form.intent) {
    case "invite": {
      const invited = await inviteMentor(context.services, admin.email, form);
      if (invited.kind === "duplicate")
        return refuse(submission, {
          message: mentorValidation.duplicate(form.email),
          field: "email",
        });
      return done(t.invited(invited.mentor.name));
    }
    case "edit": {
      const change = await updateMentor(context.services, admin.email, form.id, form);
      return changed(change, () => t.saved);
    }
    case "deactivate":
      return changed(
        await setMentorActive(context.services, admin.email, form.id, false),
        t.deactivated,
      );
    case "reactivate":
      return changed(
        await setMentorActive(context.services, admin.email, form.id, true),
        t.reactivated,
      );
    case "place": {
      const placed = await changeMeetingPlace(context.services, form.id, form.place, {
        actor: admin.email,
      });
      if (placed.kind === "invalid" || placed.kind === "notFound")
        return refuse(submission, { message: mentorValidation.notFound, status: 404 });
      return done(t.placeSaved(placed.name, placed.kind === "saved" ? placed.updated : 0));
    }
    case "end_sessions":
      return changed(
        await endMentorSessionsByOwner(context.services, admin.email, form.id),
        t.sessionsEnded,
      );
  }
}

export default function Mentors({ loaderData }: Route.ComponentProps) {
  const { mentors } = loaderData;
  return (
    <AdminPage title={t.title}>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      <MentorTable mentors={mentors} />
      <InviteMentorCard />
      {mentors.length > 0 ? (
        <div className="mt-6 space-y-4">
          {mentors.map((mentor) => (
            <EditMentorCard key={mentor.id} mentor={mentor} />
          ))}
        </div>
      ) : null}
    </AdminPage>
  );
}
