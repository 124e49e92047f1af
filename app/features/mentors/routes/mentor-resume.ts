import { orNotFound } from "~/lib/or-not-found";
import { mentorResume, requireMentor } from "~/features/mentors/mentor-students.server";
import { attachmentResponse } from "~/features/uploads/attachment.server";
import type { Route } from "./+types/mentor-resume";

/**
 * A student's current resume, for their own mentor only (anyone else's student: 404), always as a
 * download with the same headers as the owner's (/admin/uploads/:id).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorStudent");
  const file = await mentorResume(context.services.db, mentor.mentorId, params.id);
  return attachmentResponse(orNotFound(file));
}
